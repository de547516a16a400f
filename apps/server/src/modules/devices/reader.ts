import { QueryBuilder } from 'drizzle-orm/pg-core';
import { readView } from '../../db/read-view.ts';
import { deviceLinks } from './schema.ts';

// What other modules may read of this module's tables (decision 041): the device links, whole
// (never the device tokens). Joined into the caller's own query, so owning the read adds no round
// trip.

const qb = new QueryBuilder();

/** A device link as stored. */
export type DeviceLinkRow = typeof deviceLinks.$inferSelect;

/** Device links as other modules join them: every column. `as` names the join. */
export const deviceLinkRecords = (as: string) => readView(qb.select().from(deviceLinks), as);

/** SQL text: which of the devices in `idsExpression` (a text[]) have an active simulated link. */
export const simulatedDevices = (idsExpression: string) =>
  `select device_id from device_links where device_id = any(${idsExpression}) and ended_at is null and simulated`;

/** SQL text: the patient of the device link whose id is `idExpression`, a value (null for none). */
export const patientOfDeviceLink = (idExpression: string) =>
  `(select x.patient_id from device_links x where x.id = ${idExpression})`;

/** SQL text: the patient of the device token whose id is `idExpression`, a value (null for none). */
export const patientOfDeviceToken = (idExpression: string) =>
  `(select x.patient_id from device_tokens x where x.id = ${idExpression})`;
