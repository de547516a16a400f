import { and, asc, eq, gte, lte } from 'drizzle-orm';
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
  };
}

export type ReadingRepository = ReturnType<typeof createReadingRepository>;
