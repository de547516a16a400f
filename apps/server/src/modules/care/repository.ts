import type {
  EmergencyContactCreateInput,
  MedicationCreateInput,
  MedicationUpdateInput,
  TreatmentCreateInput,
} from '@vigil/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emergencyContacts, medications, notes, treatments } from '../../db/schema.ts';

const date = (iso: string) => new Date(iso);
const dateOrNull = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

/** Treatments, notes, medications and emergency contacts: the records hanging off a patient. */
export function createCareRepository(db: Db) {
  return {
    listTreatments: (patientId: number) =>
      db
        .select()
        .from(treatments)
        .where(eq(treatments.patientId, patientId))
        .orderBy(asc(treatments.scheduledFor), asc(treatments.id)),

    async insertTreatment(patientId: number, input: TreatmentCreateInput, userId: number) {
      const [row] = await db
        .insert(treatments)
        .values({
          patientId,
          description: input.description,
          scheduledFor: date(input.scheduledFor),
          createdBy: userId,
        })
        .returning();
      return row!;
    },

    async setTreatmentCompleted(id: number, completed: boolean, now: Date, userId: number) {
      const [row] = await db
        .update(treatments)
        .set(
          completed
            ? { completed, completedAt: now, completedBy: userId }
            : { completed, completedAt: null, completedBy: null },
        )
        .where(eq(treatments.id, id))
        .returning();
      return row;
    },

    listNotes: (patientId: number) =>
      db
        .select()
        .from(notes)
        .where(eq(notes.patientId, patientId))
        .orderBy(desc(notes.createdAt), desc(notes.id)),

    async insertNote(patientId: number, content: string, now: Date, userId: number) {
      const [row] = await db
        .insert(notes)
        .values({ patientId, content, createdAt: now, createdBy: userId })
        .returning();
      return row!;
    },

    listMedications: (patientId: number) =>
      db
        .select()
        .from(medications)
        .where(eq(medications.patientId, patientId))
        .orderBy(asc(medications.nextDose), asc(medications.id)),

    async insertMedication(patientId: number, input: MedicationCreateInput, now: Date, userId: number) {
      const [row] = await db
        .insert(medications)
        .values({
          patientId,
          name: input.name,
          dosage: input.dosage,
          frequency: input.frequency,
          nextDose: date(input.nextDose),
          alertEnabled: input.alertEnabled ?? true,
          instructions: input.instructions ?? null,
          sideEffects: input.sideEffects ?? null,
          startDate: input.startDate ? date(input.startDate) : now,
          endDate: dateOrNull(input.endDate),
          createdAt: now,
          updatedAt: now,
          createdBy: userId,
        })
        .returning();
      return row!;
    },

    async getMedication(id: number) {
      const [row] = await db.select().from(medications).where(eq(medications.id, id)).limit(1);
      return row;
    },

    async updateMedication(id: number, input: MedicationUpdateInput, now: Date) {
      const patch: Partial<typeof medications.$inferInsert> = { updatedAt: now };
      for (const [key, value] of Object.entries(input)) {
        if (value === undefined) continue;
        const isDate = ['nextDose', 'startDate', 'endDate', 'lastTaken'].includes(key);
        (patch as Record<string, unknown>)[key] = isDate ? dateOrNull(value as string | null) : value;
      }
      const [row] = await db.update(medications).set(patch).where(eq(medications.id, id)).returning();
      return row;
    },

    async deleteMedication(id: number) {
      const rows = await db
        .delete(medications)
        .where(eq(medications.id, id))
        .returning({ id: medications.id });
      return rows.length > 0;
    },

    listContacts: (patientId: number) =>
      db
        .select()
        .from(emergencyContacts)
        .where(eq(emergencyContacts.patientId, patientId))
        .orderBy(asc(emergencyContacts.id)),

    async insertContact(patientId: number, input: EmergencyContactCreateInput) {
      const [row] = await db
        .insert(emergencyContacts)
        .values({ patientId, ...input })
        .returning();
      return row!;
    },

    async deleteContact(id: number) {
      const rows = await db
        .delete(emergencyContacts)
        .where(eq(emergencyContacts.id, id))
        .returning({ id: emergencyContacts.id });
      return rows.length > 0;
    },
  };
}

export type CareRepository = ReturnType<typeof createCareRepository>;
