import type {
  EmergencyContactCreateInput,
  MedicationCreateInput,
  MedicationUpdateInput,
  TreatmentCreateInput,
} from '@vigil/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Run, runOn } from '../../db/prepared.ts';
import { people } from '../auth/reader.ts';
import { recordEvent } from '../patients/patient-writer.ts';
import { emergencyContacts, medications, notes, treatments } from './schema.ts';

type TreatmentRow = typeof treatments.$inferSelect;
type NoteRow = typeof notes.$inferSelect;
type MedicationRow = typeof medications.$inferSelect;
type ContactRow = typeof emergencyContacts.$inferSelect;
/** The ids of a deleted record: its own and its patient's. */
export interface DeletedRow {
  id: number;
  patientId: number;
}

/** Who wrote a note. */
const author = people('author');

const date = (iso: string) => new Date(iso);
const dateOrNull = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

/**
 * What else a write does in its own transaction, with the row it wrote (the audit trail): if it
 * fails, the write is rolled back; if the write fails, it never runs.
 */
export type AlsoInTransaction<Row> = (run: Run, row: Row) => Promise<unknown>;

/** Treatments, notes, medications and emergency contacts: the records hanging off a patient. */
export function createCareRepository(root: Db) {
  /** Runs a write and its `also` in one transaction; `also` runs only when the write found its row. */
  const write = <Row>(
    fn: (tx: Db) => Promise<Row | undefined>,
    also: AlsoInTransaction<Row>,
  ): Promise<Row | undefined> =>
    root.transaction(async (tx) => {
      const row = await fn(tx as unknown as Db);
      if (row !== undefined) await also(runOn(tx), row);
      return row;
    });
  const db = root;
  return {
    listTreatments: (patientId: number) =>
      db
        .select()
        .from(treatments)
        .where(eq(treatments.patientId, patientId))
        .orderBy(asc(treatments.scheduledFor), asc(treatments.id)),

    async insertTreatment(
      patientId: number,
      input: TreatmentCreateInput,
      userId: number,
      also: AlsoInTransaction<TreatmentRow>,
    ) {
      return write(async (tx) => {
        const [row] = await tx
          .insert(treatments)
          .values({
            patientId,
            description: input.description,
            scheduledFor: date(input.scheduledFor),
            createdBy: userId,
          })
          .returning();
        return row!;
      }, also);
    },

    async setTreatmentCompleted(
      id: number,
      completed: boolean,
      now: Date,
      userId: number,
      also: AlsoInTransaction<TreatmentRow>,
    ) {
      return write(async (tx) => {
        const [row] = await tx
          .update(treatments)
          .set(
            completed
              ? { completed, completedAt: now, completedBy: userId }
              : { completed, completedAt: null, completedBy: null },
          )
          .where(eq(treatments.id, id))
          .returning();
        return row;
      }, also);
    },

    /** A patient's notes, newest first, each with who wrote it. */
    listNotes: (patientId: number) =>
      db
        .select({ note: notes, byName: author.username })
        .from(notes)
        .leftJoin(author, eq(author.id, notes.createdBy))
        .where(eq(notes.patientId, patientId))
        .orderBy(desc(notes.createdAt), desc(notes.id)),

    async insertNote(
      patientId: number,
      content: string,
      now: Date,
      userId: number,
      also: AlsoInTransaction<NoteRow>,
    ) {
      return write(async (tx) => {
        const [row] = await tx
          .insert(notes)
          .values({ patientId, content, createdAt: now, createdBy: userId })
          .returning();
        return row!;
      }, also);
    },

    listMedications: (patientId: number) =>
      db
        .select()
        .from(medications)
        .where(eq(medications.patientId, patientId))
        .orderBy(asc(medications.nextDose), asc(medications.id)),

    async insertMedication(
      patientId: number,
      input: MedicationCreateInput,
      now: Date,
      userId: number,
      also: AlsoInTransaction<MedicationRow>,
    ) {
      return write(async (tx) => {
        const [row] = await tx
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
      }, also);
    },

    async getMedication(id: number) {
      const [row] = await db.select().from(medications).where(eq(medications.id, id)).limit(1);
      return row;
    },

    /**
     * Changes a medication and records what changed (from → to) as the patient's
     * `medication-changed` event, by `userId`, in the same transaction: the timeline shows it.
     */
    async updateMedication(
      id: number,
      input: MedicationUpdateInput,
      now: Date,
      userId: number | null,
      also: AlsoInTransaction<MedicationRow>,
    ) {
      return write(async (tx) => {
        const [before] = await tx.select().from(medications).where(eq(medications.id, id)).for('update');
        if (!before) return undefined;
        const patch: Partial<typeof medications.$inferInsert> = { updatedAt: now };
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const [key, value] of Object.entries(input)) {
          if (value === undefined) continue;
          const isDate = ['nextDose', 'startDate', 'endDate', 'lastTaken'].includes(key);
          const next = isDate ? dateOrNull(value as string | null) : value;
          (patch as Record<string, unknown>)[key] = next;
          const previous = (before as Record<string, unknown>)[key];
          const same =
            previous instanceof Date && next instanceof Date
              ? previous.getTime() === next.getTime()
              : previous === next;
          if (!same) changes[key] = { from: previous ?? null, to: next ?? null };
        }
        const [row] = await tx.update(medications).set(patch).where(eq(medications.id, id)).returning();
        if (row && Object.keys(changes).length > 0) {
          await recordEvent(tx, {
            patientId: row.patientId,
            type: 'medication-changed',
            data: { medicationId: id, name: before.name, changes },
            createdAt: now,
            createdBy: userId,
          });
        }
        return row;
      }, also);
    },

    /**
     * Whether it existed; `also` runs with the deleted row's ids in the same transaction, where the
     * patient's `medication-removed` event records what was removed and by whom (the timeline).
     */
    async deleteMedication(
      id: number,
      now: Date,
      userId: number | null,
      also: AlsoInTransaction<DeletedRow>,
    ) {
      const row = await write(async (tx) => {
        const [deleted] = await tx.delete(medications).where(eq(medications.id, id)).returning();
        if (!deleted) return undefined;
        await recordEvent(tx, {
          patientId: deleted.patientId,
          type: 'medication-removed',
          data: {
            medicationId: id,
            name: deleted.name,
            dosage: deleted.dosage,
            frequency: deleted.frequency,
          },
          createdAt: now,
          createdBy: userId,
        });
        return { id: deleted.id, patientId: deleted.patientId };
      }, also);
      return row !== undefined;
    },

    listContacts: (patientId: number) =>
      db
        .select()
        .from(emergencyContacts)
        .where(eq(emergencyContacts.patientId, patientId))
        .orderBy(asc(emergencyContacts.id)),

    async insertContact(
      patientId: number,
      input: EmergencyContactCreateInput,
      also: AlsoInTransaction<ContactRow>,
    ) {
      return write(async (tx) => {
        const [row] = await tx
          .insert(emergencyContacts)
          .values({ patientId, ...input })
          .returning();
        return row!;
      }, also);
    },

    async deleteContact(id: number, also: AlsoInTransaction<DeletedRow>) {
      const row = await write(async (tx) => {
        const [deleted] = await tx
          .delete(emergencyContacts)
          .where(eq(emergencyContacts.id, id))
          .returning({ id: emergencyContacts.id, patientId: emergencyContacts.patientId });
        return deleted;
      }, also);
      return row !== undefined;
    },
  };
}

export type CareRepository = ReturnType<typeof createCareRepository>;
