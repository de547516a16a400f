import { Handover, HandoverAcceptInput, HandoverInput, HandoverOverview, WardQuery } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, PatientIdParams } from '../../lib/id-params.ts';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import { actorOf } from '../audit/context.ts';
import type { WardsService } from '../wards/service.ts';
import type { HandoverService } from './service.ts';

export const handoverRoutes: FastifyPluginAsyncZod<{
  handovers: HandoverService;
  wards: Pick<WardsService, 'pick'>;
}> = async (app, { handovers, wards }) => {
  app.get(
    '/api/handover',
    {
      // Drafts carry the caller's patients' alerts and tasks: a read, audited.
      config: { access: access.user('handover:write', { reads: 'Handover' }) },
      schema: {
        ...operation(
          'Handover',
          'getHandover',
          'The handover now on a ward (?ward=, by default my first), by its shift times: drafts for my patients and handovers awaiting me',
        ),
        querystring: WardQuery,
        response: { 200: HandoverOverview },
      },
    },
    async (request) =>
      handovers.overview(request.user!, await wards.pick(request.wards!, request.query.ward)),
  );
  app.post(
    '/api/handovers',
    {
      config: { access: access.user('handover:write', { ward: 'body-patient' }) },
      schema: {
        ...operation('Handover', 'giveHandover', "Give a patient's I-PASS handover into the next shift"),
        body: HandoverInput,
        response: { 201: Handover },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await handovers.give(request.body, actorOf(request), request.user!)),
  );
  app.post(
    '/api/handovers/:id/accept',
    {
      config: { access: access.user('handover:write', { ward: 'handover' }) },
      schema: {
        ...operation(
          'Handover',
          'acceptHandover',
          'Accept a handover with the synthesis (one receiver wins)',
        ),
        params: idParams('Handover'),
        body: HandoverAcceptInput,
        response: { 200: Handover },
      },
    },
    async (request) =>
      handovers.accept(request.params.id, request.body.synthesis, actorOf(request), request.user!),
  );
  app.get(
    '/api/patients/:id/handovers',
    {
      config: { access: access.user('patients:read', { reads: 'Handover' }) },
      schema: {
        ...operation('Handover', 'listPatientHandovers', "A patient's handovers, newest first"),
        params: PatientIdParams,
        response: { 200: z.array(Handover) },
      },
    },
    async (request) => handovers.ofPatient(request.params.id),
  );
};
