import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { people } from '../auth/reader.ts';
import { medications, notes, treatments } from './schema.ts';

// How this module's records appear in a patient's timeline (patients/timeline.ts), newest first,
// each with who did it: read by the patients module through these, never from the tables (decision 041).

const by = people('by');

/** A patient's notes, with who wrote each. */
export const timelineNotes = (db: Db, patientId: number, limit: number) =>
  db
    .select({ note: notes, byName: by.username })
    .from(notes)
    .leftJoin(by, eq(by.id, notes.createdBy))
    .where(eq(notes.patientId, patientId))
    .orderBy(desc(notes.createdAt))
    .limit(limit);

/** A patient's treatments given, with who gave each. */
export const timelineTreatmentsGiven = (db: Db, patientId: number, limit: number) =>
  db
    .select({ treatment: treatments, byName: by.username })
    .from(treatments)
    .leftJoin(by, eq(by.id, treatments.completedBy))
    .where(and(eq(treatments.patientId, patientId), eq(treatments.completed, true)))
    .orderBy(desc(treatments.completedAt))
    .limit(limit);

/** A patient's medications, with who prescribed each. */
export const timelineMedications = (db: Db, patientId: number, limit: number) =>
  db
    .select({ medication: medications, byName: by.username })
    .from(medications)
    .leftJoin(by, eq(by.id, medications.createdBy))
    .where(eq(medications.patientId, patientId))
    .orderBy(desc(medications.createdAt))
    .limit(limit);
