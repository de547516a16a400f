import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { columnList, rowMapper } from '../../db/prepared.ts';
import { patients, vitalReadings } from '../../db/schema.ts';

export type ReadingRow = typeof vitalReadings.$inferSelect;
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
export type PatientRow = typeof patients.$inferSelect;

export function createReadingRepository(db: Db) {
  return {
    /**
     * A patient and its readings in [from, to], oldest first (the trend's input), in one query;
     * undefined when there is no such patient.
     */
    async patientWithHistory(
      patientId: number,
      from: Date,
      to: Date,
      /** The classes of reading to include, for a demo patient or not (those that count). */
      provenances: (isDemo: boolean) => readonly string[],
    ): Promise<{ patient: PatientRow; history: ReadingRow[] } | undefined> {
      const classes = (isDemo: boolean) => `{${provenances(isDemo).join(',')}}`;
      const [row] = await db
        .select({
          patient: patients,
          // Written out: Drizzle leaves column names unqualified in a one-table select.
          history: sql<Record<string, unknown>[]>`(
            select coalesce(json_agg(r order by r.reading_time), '[]') from (
              select ${sql.raw(columnList(vitalReadings))} from vital_readings
              where patient_id = ${patientId}
                and reading_time >= ${from.toISOString()} and reading_time <= ${to.toISOString()}
                and provenance = any(case when ${patients.isDemo} then ${classes(true)}::text[] else ${classes(false)}::text[] end)
              order by reading_time limit 2000
            ) r)`,
        })
        .from(patients)
        .where(eq(patients.id, patientId));
      return row && { patient: row.patient, history: row.history.map(toReadingRow) };
    },

    /** Newest first, strictly before the (readingTime, id) cursor and at or after `since` when given. */
    page(
      patientId: number,
      limit: number,
      before: { time: Date; id: number } | null,
      since: Date | null,
    ): Promise<ReadingRow[]> {
      return db
        .select()
        .from(vitalReadings)
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
    },
  };
}

export type ReadingRepository = ReturnType<typeof createReadingRepository>;

const toReadingRow = rowMapper(vitalReadings);
