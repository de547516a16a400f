import {
  CALLBACK_ERRORS,
  ConnectVitalWatchInput,
  ConnectVitalWatchResponse,
  VitalWatchData,
  WearableConnection,
  WhoopStatus,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WHOOP_CALLBACK_PATH } from '../../config.ts';
import { PatientIdParams } from '../../lib/id-params.ts';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import { actorOf } from '../audit/context.ts';
import type { PatientService } from '../patients/service.ts';
import { outcomeLocation } from './mappers.ts';
import type { WearableService } from './service.ts';

/** Where a browser coming back from WHOOP without a Vigil session lands. */
const SIGNED_OUT_CALLBACK = outcomeLocation({ ok: false, error: CALLBACK_ERRORS.sessionExpired });

const CallbackQuery = z
  .object({
    code: z.string().max(2000).optional(),
    state: z.string().max(500).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(2000).optional(),
    iss: z.string().max(500).optional(),
    scope: z.string().max(1000).optional(),
  })
  .passthrough();

export const wearableRoutes: FastifyPluginAsyncZod<{
  wearables: WearableService;
  patients: Pick<PatientService, 'get'>;
}> = async (app, { wearables, patients }) => {
  app.get(
    '/api/whoop/status',
    {
      config: { access: access.user('account:self') },
      schema: {
        ...operation('Wearables', 'getWhoopStatus', 'Whether the WHOOP integration is configured'),
        response: { 200: WhoopStatus },
      },
    },
    async () => ({ available: wearables.available() }),
  );

  app.post(
    '/api/patients/:id/connect-vital-watch',
    {
      config: { access: access.user('devices:manage') },
      schema: {
        ...operation('Wearables', 'connectVitalWatch', "Start linking a patient's WHOOP (OAuth)"),
        params: PatientIdParams,
        body: ConnectVitalWatchInput,
        response: { 200: ConnectVitalWatchResponse },
      },
    },
    async (request) =>
      wearables.connect(request.params.id, request.body.watchType, {
        userId: request.user!.id,
        sessionId: request.sessionId!,
      }),
  );

  // WHOOP sends the browser here (WHOOP_REDIRECT_URI). The answer is a redirect to the callback page
  // carrying the outcome only: the code and tokens stay on the server.
  app.get(
    WHOOP_CALLBACK_PATH,
    {
      // The nurse's session may have ended while WHOOP was open: the callback page says so.
      // WHOOP's site sends the browser here: a cross-site navigation by design.
      config: {
        access: access.user('devices:manage', {
          signedOutRedirect: SIGNED_OUT_CALLBACK,
          crossSiteNavigation: true,
        }),
        openapi: { answers: [{ status: 303, description: 'To the callback page, with the outcome only' }] },
      },
      schema: {
        ...operation('Wearables', 'whoopCallback', 'Where WHOOP sends the browser back after consent'),
        querystring: CallbackQuery,
      },
    },
    async (request, reply) => {
      const query = Object.fromEntries(
        Object.entries(request.query).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      const outcome = await wearables.callback(query, {
        userId: request.user!.id,
        sessionId: request.sessionId!,
        actor: actorOf(request),
      });
      return reply.redirect(outcomeLocation(outcome), 303);
    },
  );

  app.get(
    '/api/patients/:id/wearable',
    {
      config: { access: access.user('patients:read', { reads: 'WearableConnection' }) },
      schema: {
        ...operation('Wearables', 'getWearableConnection', "A patient's wearable connection"),
        params: PatientIdParams,
        response: { 200: WearableConnection },
      },
    },
    async (request) => wearables.connection(request.params.id),
  );

  app.get(
    '/api/patients/:id/vital-watch-data',
    {
      config: { access: access.user('patients:read', { reads: 'WearableData' }) },
      schema: {
        ...operation('Wearables', 'getVitalWatchData', "A patient's wearable card data"),
        params: PatientIdParams,
        response: { 200: VitalWatchData },
      },
    },
    async (request) => {
      const patient = await patients.get(request.params.id);
      return wearables.vitalWatchData(patient.id, patient.hasVitalWatch);
    },
  );

  app.post(
    '/api/patients/:id/vital-watch-data/refresh',
    {
      // It stores what WHOOP measured: recording observations from a device the patient wears.
      config: { access: access.user('observations:record'), openapi: { body: 'none' } },
      schema: {
        ...operation('Wearables', 'refreshVitalWatchData', 'Poll the wearable now'),
        params: PatientIdParams,
        response: { 200: VitalWatchData },
      },
    },
    async (request) => wearables.refreshNow(request.params.id),
  );

  app.delete(
    '/api/patients/:id/vital-watch',
    {
      config: { access: access.user('devices:manage') },
      schema: {
        ...operation('Wearables', 'disconnectVitalWatch', 'Disconnect the wearable and end its tokens'),
        params: PatientIdParams,
        response: { 200: WearableConnection },
      },
    },
    async (request) => wearables.disconnect(request.params.id, actorOf(request)),
  );

  /** What WHOOP posts (WHOOP API v2 webhooks; docs/reference/devices.md), read after the signature check. */
  const WhoopWebhookDoc = z.looseObject({
    user_id: z.number().describe("WHOOP's user id"),
    id: z.string().describe('The record the event is about'),
    type: z.string().describe('e.g. recovery.updated'),
    trace_id: z.string().optional(),
  });

  // WHOOP's servers post here; the signature is checked on the raw body before anything else.
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 65_536 },
      (_req, body, done) => done(null, body),
    );
    hooks.post(
      '/api/whoop/webhook',
      {
        config: {
          access: access.webhook,
          openapi: { body: WhoopWebhookDoc, answers: [{ status: 204, description: 'Accepted' }] },
        },
        schema: {
          ...operation('Wearables', 'whoopWebhook', 'WHOOP notifies of new data (signed)'),
          headers: z
            .object({
              'x-whoop-signature': z.string().max(200).optional(),
              'x-whoop-signature-timestamp': z.string().max(30).optional(),
            })
            .passthrough(),
        },
      },
      async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        await wearables.webhook(raw, header('x-whoop-signature'), header('x-whoop-signature-timestamp'));
        return reply.status(204).send();
      },
    );
  });
};
