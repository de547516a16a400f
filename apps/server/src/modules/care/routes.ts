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
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { idParams, PatientIdParams } from '../../lib/id-params.ts';
import { access } from '../../plugins/access.ts';
import { toEmergencyContact, toMedication, toNote, toTreatment } from '../patients/mappers.ts';
import type { PatientService } from '../patients/service.ts';
import type { CareRepository } from './repository.ts';

export const careRoutes: FastifyPluginAsyncZod<{
  care: CareRepository;
  patients: PatientService;
  clock: Clock;
}> = async (app, { care, patients, clock }) => {
  // Treatments
  app.get(
    '/api/patients/:id/treatments',
    {
      config: { access: access.user('patients:read') },
      schema: { params: PatientIdParams, response: { 200: z.array(Treatment) } },
    },
    async (request) => {
      await patients.assertExists(request.params.id);
      return (await care.listTreatments(request.params.id)).map(toTreatment);
    },
  );
  app.post(
    '/api/patients/:id/treatments',
    {
      config: { access: access.user('care:write') },
      schema: { params: PatientIdParams, body: TreatmentCreateInput, response: { 201: Treatment } },
    },
    async (request, reply) => {
      await patients.assertExists(request.params.id);
      const row = await care.insertTreatment(request.params.id, request.body, request.user!.id);
      return reply.status(201).send(toTreatment(row));
    },
  );
  app.patch(
    '/api/treatments/:id',
    {
      config: { access: access.user('care:write') },
      schema: { params: idParams('Treatment'), body: TreatmentUpdateInput, response: { 200: Treatment } },
    },
    async (request) => {
      const row = await care.setTreatmentCompleted(
        request.params.id,
        request.body.completed,
        clock.now(),
        request.user!.id,
      );
      if (!row) throw notFound('Treatment not found', 'TREATMENT_NOT_FOUND');
      return toTreatment(row);
    },
  );

  // Notes
  app.get(
    '/api/patients/:id/notes',
    {
      config: { access: access.user('patients:read') },
      schema: { params: PatientIdParams, response: { 200: z.array(Note) } },
    },
    async (request) => {
      await patients.assertExists(request.params.id);
      return (await care.listNotes(request.params.id)).map(toNote);
    },
  );
  app.post(
    '/api/patients/:id/notes',
    {
      config: { access: access.user('care:write') },
      schema: { params: PatientIdParams, body: NoteCreateInput, response: { 201: Note } },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (request.body.patientId !== undefined && request.body.patientId !== id) {
        throw badRequest(
          `The note's patientId (${request.body.patientId}) does not match the patient in the address (${id})`,
          'PATIENT_MISMATCH',
        );
      }
      await patients.assertExists(id);
      const row = await care.insertNote(id, request.body.content, clock.now(), request.user!.id);
      return reply.status(201).send(toNote(row));
    },
  );

  // Medications
  app.get(
    '/api/patients/:id/medications',
    {
      config: { access: access.user('patients:read') },
      schema: { params: PatientIdParams, response: { 200: z.array(Medication) } },
    },
    async (request) => {
      await patients.assertExists(request.params.id);
      return (await care.listMedications(request.params.id)).map(toMedication);
    },
  );
  app.post(
    '/api/patients/:id/medications',
    {
      config: { access: access.user('care:write') },
      schema: { params: PatientIdParams, body: MedicationCreateInput, response: { 201: Medication } },
    },
    async (request, reply) => {
      await patients.assertExists(request.params.id);
      const row = await care.insertMedication(request.params.id, request.body, clock.now(), request.user!.id);
      return reply.status(201).send(toMedication(row));
    },
  );
  app.patch(
    '/api/medications/:id',
    {
      config: { access: access.user('care:write') },
      schema: { params: idParams('Medication'), body: MedicationUpdateInput, response: { 200: Medication } },
    },
    async (request) => {
      const current = await care.getMedication(request.params.id);
      if (!current) throw notFound('Medication not found', 'MEDICATION_NOT_FOUND');
      const start = request.body.startDate ? new Date(request.body.startDate) : current.startDate;
      const end =
        request.body.endDate !== undefined
          ? request.body.endDate && new Date(request.body.endDate)
          : current.endDate;
      if (start && end && end < start)
        throw badRequest('End date must not be before the start date', 'VALIDATION_FAILED');
      const row = await care.updateMedication(request.params.id, request.body, clock.now());
      if (!row) throw notFound('Medication not found', 'MEDICATION_NOT_FOUND');
      return toMedication(row);
    },
  );
  app.delete(
    '/api/medications/:id',
    { config: { access: access.user('care:write') }, schema: { params: idParams('Medication') } },
    async (request, reply) => {
      if (!(await care.deleteMedication(request.params.id)))
        throw notFound('Medication not found', 'MEDICATION_NOT_FOUND');
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
    async (request) => {
      await patients.assertExists(request.params.id);
      return (await care.listContacts(request.params.id)).map(toEmergencyContact);
    },
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
    async (request, reply) => {
      await patients.assertExists(request.params.id);
      return reply
        .status(201)
        .send(toEmergencyContact(await care.insertContact(request.params.id, request.body)));
    },
  );
  app.delete(
    '/api/emergency-contacts/:id',
    { config: { access: access.user('care:write') }, schema: { params: idParams('Emergency contact') } },
    async (request, reply) => {
      if (!(await care.deleteContact(request.params.id)))
        throw notFound('Emergency contact not found', 'CONTACT_NOT_FOUND');
      return reply.status(204).send();
    },
  );
};
