import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { people } from '../auth/reader.ts';
import { handovers } from './schema.ts';

// How this module's records appear in a patient's timeline (patients/timeline.ts): read by the
// patients module through this, never from the table (decision 041).

const giver = people('giver');
const receiver = people('receiver');
const acceptor = people('acceptor');

/** A patient's handovers, newest first, with who gave, who was to receive and who accepted each. */
export const timelineHandovers = (db: Db, patientId: number, limit: number) =>
  db
    .select({
      handover: handovers,
      givenByName: giver.username,
      toName: receiver.username,
      acceptedByName: acceptor.username,
    })
    .from(handovers)
    .leftJoin(giver, eq(giver.id, handovers.givenBy))
    .leftJoin(receiver, eq(receiver.id, handovers.toNurseId))
    .leftJoin(acceptor, eq(acceptor.id, handovers.acceptedBy))
    .where(eq(handovers.patientId, patientId))
    .orderBy(desc(handovers.givenAt))
    .limit(limit);
