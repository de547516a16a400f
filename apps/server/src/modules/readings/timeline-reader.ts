import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { people } from '../auth/reader.ts';
import { vitalReadings } from './schema.ts';

// How this module's records appear in a patient's timeline (patients/timeline.ts): read by the
// patients module through this, never from the table (decision 041).

const recorder = people('recorder');
const corrector = people('corrector');

/**
 * The observation sets people recorded, newest first, with who recorded and who corrected each: a
 * person's observations are always kept (the partition of `kept`, decision 029), entered in error too.
 */
export const timelineObservations = (db: Db, patientId: number, limit: number) =>
  db
    .select({ reading: vitalReadings, byName: recorder.username, correctedByName: corrector.username })
    .from(vitalReadings)
    .leftJoin(recorder, eq(recorder.id, vitalReadings.recordedBy))
    .leftJoin(corrector, eq(corrector.id, vitalReadings.correctedBy))
    .where(
      and(
        eq(vitalReadings.patientId, patientId),
        eq(vitalReadings.kept, true),
        eq(vitalReadings.provenance, 'observation'),
      ),
    )
    .orderBy(desc(vitalReadings.readingTime), desc(vitalReadings.id))
    .limit(limit);
