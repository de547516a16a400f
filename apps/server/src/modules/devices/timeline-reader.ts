import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { people } from '../auth/reader.ts';
import { deviceLinks } from './schema.ts';

// How this module's records appear in a patient's timeline (patients/timeline.ts): read by the
// patients module through this, never from the table (decision 041).

const by = people('by');

/** A patient's device links, newest first, with who made each. */
export const timelineDeviceLinks = (db: Db, patientId: number, limit: number) =>
  db
    .select({ link: deviceLinks, byName: by.username })
    .from(deviceLinks)
    .leftJoin(by, eq(by.id, deviceLinks.linkedBy))
    .where(eq(deviceLinks.patientId, patientId))
    .orderBy(desc(deviceLinks.linkedAt))
    .limit(limit);
