import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { people } from '../auth/reader.ts';
import { type PatientRow, patientRecords } from '../patients/reader.ts';
import type { ReadingRow } from './reader.ts';
import { vitalReadings } from './schema.ts';

export type { PatientRow, ReadingRow };
/** A reading as the request sends it: the stored fields, absent or null where not measured. */
export type SentReading = {
  patientId: number;
  readingTime: string;
  windowStart?: string | null;
  windowEnd?: string | null;
} & {
  [K in Exclude<
    keyof ReadingRow,
    'id' | 'createdAt' | 'recordedBy' | 'patientId' | 'readingTime' | 'windowStart' | 'windowEnd'
  >]?: ReadingRow[K] | undefined;
};
/** What the bulk insert gives a stored reading. */
export interface StoredKey {
  id: number;
  createdAt: Date;
}

// The patient and the person who corrected a reading are other modules': read as their readers give
// them (decision 041).
const patients = patientRecords('p');
const users = people('u');

export function createReadingRepository(db: Db) {
  return {
    async patient(patientId: number): Promise<PatientRow | undefined> {
      const [row] = await db.select().from(patients).where(eq(patients.id, patientId));
      return row;
    },

    /** Newest first, strictly before the (readingTime, id) cursor and at or after `since` when given. */
    async page(
      patientId: number,
      limit: number,
      before: { time: Date; id: number } | null,
      since: Date | null,
    ): Promise<(ReadingRow & { correctedByName: string | null })[]> {
      const rows = await db
        .select({ reading: vitalReadings, correctedByName: users.username })
        .from(vitalReadings)
        .leftJoin(users, eq(users.id, vitalReadings.correctedBy))
        .where(
          and(
            eq(vitalReadings.patientId, patientId),
            before
              ? sql`(${vitalReadings.readingTime}, ${vitalReadings.id}) < (${before.time.toISOString()}::timestamptz, ${before.id})`
              : undefined,
            since ? gte(vitalReadings.readingTime, since) : undefined,
          ),
        )
        .orderBy(desc(vitalReadings.readingTime), desc(vitalReadings.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.reading, correctedByName: r.correctedByName }));
    },
  };
}

export type ReadingRepository = ReturnType<typeof createReadingRepository>;
