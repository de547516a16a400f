import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { handoversWithNames } from './repository.ts';
import { handovers } from './schema.ts';

// How this module's records appear in a patient's timeline (patients/timeline.ts): read by the
// patients module through this, never from the table (decision 041).

/** A patient's handovers, newest first, with who gave, who was to receive and who accepted each. */
export const timelineHandovers = (db: Db, patientId: number, limit: number) =>
  handoversWithNames(db)
    .where(eq(handovers.patientId, patientId))
    .orderBy(desc(handovers.givenAt))
    .limit(limit);
