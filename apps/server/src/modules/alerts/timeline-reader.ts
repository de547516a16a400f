import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { people } from '../auth/reader.ts';
import { alerts } from './schema.ts';

// How this module's records appear in a patient's timeline (patients/timeline.ts): read by the
// patients module through this, never from the table (decision 041).

const acknowledger = people('acknowledger');

/**
 * A patient's alerts, newest first, with who acknowledged each. One still pending confirmation (a
 * device's value) has not been raised to anyone yet, and is not in the timeline.
 */
export const timelineAlerts = (db: Db, patientId: number, limit: number) =>
  db
    .select({ alert: alerts, acknowledgedByName: acknowledger.username })
    .from(alerts)
    .leftJoin(acknowledger, eq(acknowledger.id, alerts.acknowledgedBy))
    .where(and(eq(alerts.patientId, patientId), ne(alerts.state, 'pending')))
    .orderBy(desc(alerts.raisedAt))
    .limit(limit);
