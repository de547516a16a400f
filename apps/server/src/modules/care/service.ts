import type {
  EmergencyContact,
  EmergencyContactCreateInput,
  Medication,
  MedicationCreateInput,
  MedicationUpdateInput,
  Note,
  NoteCreateInput,
  Treatment,
  TreatmentCreateInput,
} from '@vigil/domain';
import type { Run } from '../../db/prepared.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { PatientService } from '../patients/service.ts';
import { toEmergencyContact, toMedication, toNote, toTreatment } from './mappers.ts';
import type { CareRepository } from './repository.ts';

const treatmentNotFound = () => notFound('Treatment not found', 'TREATMENT_NOT_FOUND');
const medicationNotFound = () => notFound('Medication not found', 'MEDICATION_NOT_FOUND');
const contactNotFound = () => notFound('Emergency contact not found', 'CONTACT_NOT_FOUND');

/**
 * Treatments, notes, medications and emergency contacts: the records hanging off a patient. A
 * patient's list or a new record for an unknown patient is the patients' own 404.
 */
export function createCareService(deps: {
  repo: CareRepository;
  patients: Pick<PatientService, 'assertExists'>;
  clock: Clock;
  audit: Pick<AuditService, 'recordIn'>;
}) {
  const { repo, patients, clock, audit } = deps;
  /** The audit row of a write, recorded in the write's transaction. */
  const audited =
    (actor: AuditActor, action: 'create' | 'update' | 'delete', entityType: string) =>
    (run: Run, row: { id: number; patientId: number }) =>
      audit.recordIn(run, { actor, action, entityType, entityId: row.id, patientId: row.patientId });
  return {
    async listTreatments(patientId: number): Promise<Treatment[]> {
      await patients.assertExists(patientId);
      return (await repo.listTreatments(patientId)).map(toTreatment);
    },

    async addTreatment(
      patientId: number,
      input: TreatmentCreateInput,
      actor: AuditActor,
    ): Promise<Treatment> {
      await patients.assertExists(patientId);
      return toTreatment(
        (await repo.insertTreatment(patientId, input, actor.userId!, audited(actor, 'create', 'Treatment')))!,
      );
    },

    async setTreatmentCompleted(id: number, completed: boolean, actor: AuditActor): Promise<Treatment> {
      const row = await repo.setTreatmentCompleted(
        id,
        completed,
        clock.now(),
        actor.userId!,
        audited(actor, 'update', 'Treatment'),
      );
      if (!row) throw treatmentNotFound();
      return toTreatment(row);
    },

    async listNotes(patientId: number): Promise<Note[]> {
      await patients.assertExists(patientId);
      return (await repo.listNotes(patientId)).map(({ note, byName }) => toNote(note, byName));
    },

    /** A note for the patient in the address; a `patientId` in the body, when sent, must be the same. */
    async addNote(patientId: number, input: NoteCreateInput, actor: AuditActor): Promise<Note> {
      if (input.patientId !== undefined && input.patientId !== patientId) {
        throw badRequest(
          `The note's patientId (${input.patientId}) does not match the patient in the address (${patientId})`,
          'PATIENT_MISMATCH',
        );
      }
      await patients.assertExists(patientId);
      return toNote(
        (await repo.insertNote(
          patientId,
          input.content,
          clock.now(),
          actor.userId!,
          audited(actor, 'create', 'Note'),
        ))!,
        actor.username,
      );
    },

    async listMedications(patientId: number): Promise<Medication[]> {
      await patients.assertExists(patientId);
      return (await repo.listMedications(patientId)).map(toMedication);
    },

    async addMedication(
      patientId: number,
      input: MedicationCreateInput,
      actor: AuditActor,
    ): Promise<Medication> {
      await patients.assertExists(patientId);
      return toMedication(
        (await repo.insertMedication(
          patientId,
          input,
          clock.now(),
          actor.userId!,
          audited(actor, 'create', 'Medication'),
        ))!,
      );
    },

    /** A partial change; the end date may not fall before the start date, as changed or as stored. */
    async updateMedication(id: number, input: MedicationUpdateInput, actor: AuditActor): Promise<Medication> {
      const current = await repo.getMedication(id);
      if (!current) throw medicationNotFound();
      const start = input.startDate ? new Date(input.startDate) : current.startDate;
      const end = input.endDate !== undefined ? input.endDate && new Date(input.endDate) : current.endDate;
      if (start && end && end < start) {
        throw badRequest('End date must not be before the start date', 'VALIDATION_FAILED');
      }
      const row = await repo.updateMedication(
        id,
        input,
        clock.now(),
        actor.userId,
        audited(actor, 'update', 'Medication'),
      );
      if (!row) throw medicationNotFound();
      return toMedication(row);
    },

    async deleteMedication(id: number, actor: AuditActor): Promise<void> {
      if (
        !(await repo.deleteMedication(id, clock.now(), actor.userId, audited(actor, 'delete', 'Medication')))
      )
        throw medicationNotFound();
    },

    async listContacts(patientId: number): Promise<EmergencyContact[]> {
      await patients.assertExists(patientId);
      return (await repo.listContacts(patientId)).map(toEmergencyContact);
    },

    async addContact(
      patientId: number,
      input: EmergencyContactCreateInput,
      actor: AuditActor,
    ): Promise<EmergencyContact> {
      await patients.assertExists(patientId);
      return toEmergencyContact(
        (await repo.insertContact(patientId, input, audited(actor, 'create', 'EmergencyContact')))!,
      );
    },

    async deleteContact(id: number, actor: AuditActor): Promise<void> {
      if (!(await repo.deleteContact(id, audited(actor, 'delete', 'EmergencyContact'))))
        throw contactNotFound();
    },
  };
}

export type CareService = ReturnType<typeof createCareService>;
