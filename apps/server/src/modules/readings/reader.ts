import { QueryBuilder } from 'drizzle-orm/pg-core';
import { readView } from '../../db/read-view.ts';
import { vitalReadings } from './schema.ts';

// What other modules may read of this module's tables (decision 041): the readings, whole (FHIR
// exports a reading's row whatever columns it gains). Joined into the caller's own query, so owning
// the read adds no round trip; written only by this module.

const qb = new QueryBuilder();

/** A stored reading. */
export type ReadingRow = typeof vitalReadings.$inferSelect;

/** Readings as other modules join them: every column. `as` names the join. */
export const readingRecords = (as: string) => readView(qb.select().from(vitalReadings), as);
