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
import { operation } from '../../plugins/openapi.ts';
import { actorOf } from '../audit/context.ts';
import type { CareService } from './service.ts';

export const careRoutes: FastifyPluginAsyncZod<{ care: CareService }> = async (app, { care }) => {
  // Treatments
  app.get(
    '/api/patients/:id/treatments',
    {
      config: { access: access.user('patients:read', { reads: 'Treatment' }) },
      schema: {
        ...operation('Care', 'listTreatments', "A patient's treatments"),
        params: PatientIdParams,
        response: { 200: z.array(Treatment) },
      },
    },
    async (request) => care.listTreatments(request.params.id),
  );
  app.post(
    '/api/patients/:id/treatments',
    {
      config: { access: access.user('care:write') },
      schema: {
        ...operation('Care', 'createTreatment', 'Schedule a treatment'),
        params: PatientIdParams,
        body: TreatmentCreateInput,
        response: { 201: Treatment },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await care.addTreatment(request.params.id, request.body, actorOf(request))),
  );
  app.patch(
    '/api/treatments/:id',
    {
      config: { access: access.user('care:write', { ward: 'treatment' }) },
      schema: {
        ...operation('Care', 'updateTreatment', 'Change or complete a treatment'),
        params: idParams('Treatment'),
        body: TreatmentUpdateInput,
        response: { 200: Treatment },
      },
    },
    async (request) =>
      care.setTreatmentCompleted(request.params.id, request.body.completed, actorOf(request)),
  );

  // Notes
  app.get(
    '/api/patients/:id/notes',
    {
      config: { access: access.user('patients:read', { reads: 'Note' }) },
      schema: {
        ...operation('Care', 'listNotes', "A patient's notes"),
        params: PatientIdParams,
        response: { 200: z.array(Note) },
      },
    },
    async (request) => care.listNotes(request.params.id),
  );
  app.post(
    '/api/patients/:id/notes',
    {
      config: { access: access.user('care:write') },
      schema: {
        ...operation('Care', 'createNote', 'Add a note'),
        params: PatientIdParams,
        body: NoteCreateInput,
        response: { 201: Note },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await care.addNote(request.params.id, request.body, actorOf(request))),
  );

  // Medications
  app.get(
    '/api/patients/:id/medications',
    {
      config: { access: access.user('patients:read', { reads: 'Medication' }) },
      schema: {
        ...operation('Care', 'listMedications', "A patient's medications"),
        params: PatientIdParams,
        response: { 200: z.array(Medication) },
      },
    },
    async (request) => care.listMedications(request.params.id),
  );
  app.post(
    '/api/patients/:id/medications',
    {
      config: { access: access.user('care:write') },
      schema: {
        ...operation('Care', 'createMedication', 'Add a medication'),
        params: PatientIdParams,
        body: MedicationCreateInput,
        response: { 201: Medication },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await care.addMedication(request.params.id, request.body, actorOf(request))),
  );
  app.patch(
    '/api/medications/:id',
    {
      config: { access: access.user('care:write', { ward: 'medication' }) },
      schema: {
        ...operation('Care', 'updateMedication', 'Change a medication'),
        params: idParams('Medication'),
        body: MedicationUpdateInput,
        response: { 200: Medication },
      },
    },
    async (request) => care.updateMedication(request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/api/medications/:id',
    {
      config: {
        access: access.user('care:write', { ward: 'medication' }),
        openapi: { answers: [{ status: 204, description: 'Removed' }] },
      },
      schema: {
        ...operation('Care', 'deleteMedication', 'Remove a medication'),
        params: idParams('Medication'),
      },
    },
    async (request, reply) => {
      await care.deleteMedication(request.params.id, actorOf(request));
      return reply.status(204).send();
    },
  );

  // Emergency contacts
  app.get(
    '/api/patients/:id/emergency-contacts',
    {
      config: { access: access.user('patients:read', { reads: 'EmergencyContact' }) },
      schema: {
        ...operation('Care', 'listEmergencyContacts', "A patient's emergency contacts"),
        params: PatientIdParams,
        response: { 200: z.array(EmergencyContact) },
      },
    },
    async (request) => care.listContacts(request.params.id),
  );
  app.post(
    '/api/patients/:id/emergency-contacts',
    {
      config: { access: access.user('care:write') },
      schema: {
        ...operation('Care', 'createEmergencyContact', 'Add an emergency contact'),
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
    {
      config: {
        access: access.user('care:write', { ward: 'emergency-contact' }),
        openapi: { answers: [{ status: 204, description: 'Removed' }] },
      },
      schema: {
        ...operation('Care', 'deleteEmergencyContact', 'Remove an emergency contact'),
        params: idParams('Emergency contact'),
      },
    },
    async (request, reply) => {
      await care.deleteContact(request.params.id, actorOf(request));
      return reply.status(204).send();
    },
  );
};
