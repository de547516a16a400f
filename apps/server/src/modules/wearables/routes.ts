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
import type { PatientService } from '../patients/service.ts';
import { outcomeLocation, type WearableService } from './service.ts';

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
    { config: { access: access.user('account:self') }, schema: { response: { 200: WhoopStatus } } },
    async () => ({ available: wearables.available() }),
  );

  app.post(
    '/api/patients/:id/connect-vital-watch',
    {
      config: { access: access.user('devices:manage') },
      schema: {
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
      config: { access: access.user('devices:manage', { signedOutRedirect: SIGNED_OUT_CALLBACK }) },
      schema: { querystring: CallbackQuery },
    },
    async (request, reply) => {
      const query = Object.fromEntries(
        Object.entries(request.query).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      const outcome = await wearables.callback(query, {
        userId: request.user!.id,
        sessionId: request.sessionId!,
      });
      return reply.redirect(outcomeLocation(outcome), 303);
    },
  );

  app.get(
    '/api/patients/:id/wearable',
    {
      config: { access: access.user('patients:read') },
      schema: { params: PatientIdParams, response: { 200: WearableConnection } },
    },
    async (request) => wearables.connection(request.params.id),
  );

  app.get(
    '/api/patients/:id/vital-watch-data',
    {
      config: { access: access.user('patients:read') },
      schema: { params: PatientIdParams, response: { 200: VitalWatchData } },
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
      config: { access: access.user('observations:record') },
      schema: { params: PatientIdParams, response: { 200: VitalWatchData } },
    },
    async (request) => wearables.refreshNow(request.params.id),
  );

  app.delete(
    '/api/patients/:id/vital-watch',
    {
      config: { access: access.user('devices:manage') },
      schema: { params: PatientIdParams, response: { 200: WearableConnection } },
    },
    async (request) => wearables.disconnect(request.params.id, request.user!.id),
  );

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
        config: { access: access.webhook },
        schema: {
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
