import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vitalReadings } from '../../db/schema.ts';

export type ReadingRow = typeof vitalReadings.$inferSelect;

export function createReadingRepository(db: Db) {
  return {
    /** Readings of one patient in [from, to], oldest first (the trend's input). */
    between(patientId: number, from: Date, to: Date): Promise<ReadingRow[]> {
      return db
        .select()
        .from(vitalReadings)
        .where(
          and(
            eq(vitalReadings.patientId, patientId),
            gte(vitalReadings.readingTime, from),
            lte(vitalReadings.readingTime, to),
          ),
        )
        .orderBy(asc(vitalReadings.readingTime))
        .limit(2000);
    },

    /** Newest first, strictly before the (readingTime, id) cursor when given. */
    page(patientId: number, limit: number, before: { time: Date; id: number } | null): Promise<ReadingRow[]> {
      return db
        .select()
        .from(vitalReadings)
        .where(
          and(
            eq(vitalReadings.patientId, patientId),
            before
              ? sql`(${vitalReadings.readingTime}, ${vitalReadings.id}) < (${before.time.toISOString()}::timestamptz, ${before.id})`
              : undefined,
          ),
        )
        .orderBy(desc(vitalReadings.readingTime), desc(vitalReadings.id))
        .limit(limit);
    },
  };
}

export type ReadingRepository = ReturnType<typeof createReadingRepository>;
