import {
  Patient,
  PatientCreateInput,
  PatientListQuery,
  PatientUpdateInput,
  TimelineEntry,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PatientIdParams } from '../../lib/id-params.ts';
import { access } from '../../plugins/access.ts';
import { actorOf } from '../audit/context.ts';
import type { PatientService } from './service.ts';

export const patientRoutes: FastifyPluginAsyncZod<{ patients: PatientService }> = async (
  app,
  { patients },
) => {
  app.get(
    '/api/patients',
    {
      config: { access: access.user('patients:read') },
      schema: { querystring: PatientListQuery, response: { 200: z.array(Patient) } },
    },
    async (request) => patients.list(request.query),
  );

  app.get(
    '/api/patients/:id',
    {
      config: { access: access.user('patients:read') },
      schema: { params: PatientIdParams, response: { 200: Patient } },
    },
    async (request) => patients.open(request.params.id, actorOf(request)),
  );

  app.post(
    '/api/patients',
    {
      config: { access: access.user('patients:admit') },
      schema: { body: PatientCreateInput, response: { 201: Patient } },
    },
    async (request, reply) => reply.status(201).send(await patients.admit(request.body, actorOf(request))),
  );

  app.patch(
    '/api/patients/:id',
    {
      config: { access: access.user('patients:edit') },
      schema: { params: PatientIdParams, body: PatientUpdateInput, response: { 200: Patient } },
    },
    async (request) => patients.update(request.params.id, request.body, actorOf(request)),
  );

  app.get(
    '/api/patients/:id/timeline',
    {
      config: { access: access.user('patients:read') },
      schema: { params: PatientIdParams, response: { 200: z.array(TimelineEntry) } },
    },
    async (request) => patients.timeline(request.params.id),
  );
};
