import {
  MonitoringExceptionInput,
  Patient,
  PatientCreateInput,
  PatientListQuery,
  PatientUpdateInput,
  TimelineEntry,
  withVitalKeys,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PatientIdParams } from '../../lib/id-params.ts';
import { sendRepresentation } from '../../lib/representation.ts';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import { actorOf } from '../audit/context.ts';
import type { WardsService } from '../wards/service.ts';
import type { PatientService } from './service.ts';

export const patientRoutes: FastifyPluginAsyncZod<{
  patients: PatientService;
  wards: Pick<WardsService, 'admissionWard'>;
}> = async (app, { patients, wards }) => {
  app.get(
    '/api/patients',
    {
      config: { access: access.user('patients:read', { reads: 'PatientList' }) },
      schema: {
        ...operation('Patients', 'listPatients', "The ward's patients, searched and filtered"),
        querystring: PatientListQuery,
        response: { 200: z.array(Patient) },
      },
    },
    // Rendered once per change of the ward (its bytes and ETag), 304 when the client has them.
    // The wards the person sees only (decision 035).
    async (request, reply) =>
      sendRepresentation(request, reply, await patients.list(request.query, request.wards)),
  );

  app.get(
    '/api/patients/:id',
    {
      // Opening the record: "who has seen this record" (once per person and window).
      config: { access: access.user('patients:read', { reads: 'Patient' }) },
      schema: {
        ...operation('Patients', 'getPatient', "Open a patient's record (audited)"),
        params: PatientIdParams,
        response: { 200: Patient },
      },
    },
    async (request, reply) => sendRepresentation(request, reply, await patients.record(request.params.id)),
  );

  app.post(
    '/api/patients',
    {
      config: { access: access.user('patients:admit') },
      schema: {
        ...operation('Patients', 'admitPatient', 'Admit a patient'),
        body: PatientCreateInput,
        response: { 201: Patient },
      },
    },
    async (request, reply) => {
      // To the ward named, which the person must see; else to theirs (decision 035).
      const wardId = await wards.admissionWard(request.wards!, request.body.wardId);
      const admission = { ...withVitalKeys(request.body), wardId };
      return reply.status(201).send(await patients.admit(admission, actorOf(request)));
    },
  );

  app.patch(
    '/api/patients/:id',
    {
      config: { access: access.user('patients:edit') },
      schema: {
        ...operation('Patients', 'updatePatient', "Change a patient's record"),
        params: PatientIdParams,
        body: PatientUpdateInput,
        response: { 200: Patient },
      },
    },
    async (request) => patients.update(request.params.id, withVitalKeys(request.body), actorOf(request)),
  );

  app.put(
    '/api/patients/:id/monitoring-exception',
    {
      config: { access: access.user('observations:record') },
      schema: {
        ...operation(
          'Patients',
          'setMonitoringException',
          'Record why observations are not taken, until a review time (audited)',
        ),
        params: PatientIdParams,
        body: MonitoringExceptionInput,
        response: { 200: Patient },
      },
    },
    async (request) => patients.setMonitoringException(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/api/patients/:id/monitoring-exception',
    {
      config: { access: access.user('observations:record') },
      schema: {
        ...operation('Patients', 'endMonitoringException', 'End a monitoring exception (audited)'),
        params: PatientIdParams,
        response: { 200: Patient },
      },
    },
    async (request) => patients.setMonitoringException(request.params.id, null, actorOf(request)),
  );

  app.get(
    '/api/patients/:id/timeline',
    {
      config: { access: access.user('patients:read', { reads: 'Timeline' }) },
      schema: {
        ...operation('Patients', 'getPatientTimeline', "A patient's history"),
        params: PatientIdParams,
        response: { 200: z.array(TimelineEntry) },
      },
    },
    async (request) => patients.timeline(request.params.id),
  );
};
