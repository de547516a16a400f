import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { people } from '../auth/reader.ts';
import { wardNameOf } from '../wards/reader.ts';
import { bedMoves } from './schema.ts';

// How this module's records appear in a patient's timeline (patients/timeline.ts): read by the
// patients module through this, never from the table (decision 041).

const by = people('by');

/** A patient's bed moves, newest first, with who moved her and the wards' names. */
export const timelineBedMoves = (db: Db, patientId: number, limit: number) =>
  db
    .select({
      move: bedMoves,
      byName: by.username,
      fromWardName: wardNameOf(bedMoves.fromWard),
      toWardName: wardNameOf(bedMoves.toWard),
    })
    .from(bedMoves)
    .leftJoin(by, eq(by.id, bedMoves.byUser))
    .where(eq(bedMoves.patientId, patientId))
    .orderBy(desc(bedMoves.at))
    .limit(limit);
