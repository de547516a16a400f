import {
  EmergencyContact,
  EmergencyContactCreateInput,
  Medication,
  MedicationCreateInput,
  MedicationUpdateInput,
  Note,
  NoteCreateInput,
  Treatment,
  TreatmentCreateInput,
  TreatmentUpdateInput,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, PatientIdParams } from '../../lib/id-params.ts';
import { access } from '../../plugins/access.ts';
import { actorOf } from '../audit/context.ts';
import type { CareService } from './service.ts';

export const careRoutes: FastifyPluginAsyncZod<{ care: CareService }> = async (app, { care }) => {
  // Treatments
  app.get(
    '/api/patients/:id/treatments',
    {
      config: { access: access.user('patients:read') },
      schema: { params: PatientIdParams, response: { 200: z.array(Treatment) } },
    },
    async (request) => care.listTreatments(request.params.id),
  );
  app.post(
    '/api/patients/:id/treatments',
    {
      config: { access: access.user('care:write') },
      schema: { params: PatientIdParams, body: TreatmentCreateInput, response: { 201: Treatment } },
    },
    async (request, reply) =>
      reply.status(201).send(await care.addTreatment(request.params.id, request.body, actorOf(request))),
  );
  app.patch(
    '/api/treatments/:id',
    {
      config: { access: access.user('care:write') },
      schema: { params: idParams('Treatment'), body: TreatmentUpdateInput, response: { 200: Treatment } },
    },
    async (request) =>
      care.setTreatmentCompleted(request.params.id, request.body.completed, actorOf(request)),
  );

  // Notes
  app.get(
    '/api/patients/:id/notes',
    {
      config: { access: access.user('patients:read') },
      schema: { params: PatientIdParams, response: { 200: z.array(Note) } },
    },
    async (request) => care.listNotes(request.params.id),
  );
  app.post(
    '/api/patients/:id/notes',
    {
      config: { access: access.user('care:write') },
      schema: { params: PatientIdParams, body: NoteCreateInput, response: { 201: Note } },
    },
    async (request, reply) =>
      reply.status(201).send(await care.addNote(request.params.id, request.body, actorOf(request))),
  );

  // Medications
  app.get(
    '/api/patients/:id/medications',
    {
      config: { access: access.user('patients:read') },
      schema: { params: PatientIdParams, response: { 200: z.array(Medication) } },
    },
    async (request) => care.listMedications(request.params.id),
  );
  app.post(
    '/api/patients/:id/medications',
    {
      config: { access: access.user('care:write') },
      schema: { params: PatientIdParams, body: MedicationCreateInput, response: { 201: Medication } },
    },
    async (request, reply) =>
      reply.status(201).send(await care.addMedication(request.params.id, request.body, actorOf(request))),
  );
  app.patch(
    '/api/medications/:id',
    {
      config: { access: access.user('care:write') },
      schema: { params: idParams('Medication'), body: MedicationUpdateInput, response: { 200: Medication } },
    },
    async (request) => care.updateMedication(request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/api/medications/:id',
    { config: { access: access.user('care:write') }, schema: { params: idParams('Medication') } },
    async (request, reply) => {
      await care.deleteMedication(request.params.id, actorOf(request));
      return reply.status(204).send();
    },
  );

  // Emergency contacts
  app.get(
    '/api/patients/:id/emergency-contacts',
    {
      config: { access: access.user('patients:read') },
      schema: { params: PatientIdParams, response: { 200: z.array(EmergencyContact) } },
    },
    async (request) => care.listContacts(request.params.id),
  );
  app.post(
    '/api/patients/:id/emergency-contacts',
    {
      config: { access: access.user('care:write') },
      schema: {
        params: PatientIdParams,
        body: EmergencyContactCreateInput,
        response: { 201: EmergencyContact },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await care.addContact(request.params.id, request.body, actorOf(request))),
  );
  app.delete(
    '/api/emergency-contacts/:id',
    { config: { access: access.user('care:write') }, schema: { params: idParams('Emergency contact') } },
    async (request, reply) => {
      await care.deleteContact(request.params.id, actorOf(request));
      return reply.status(204).send();
    },
  );
};
