import { QueryBuilder } from 'drizzle-orm/pg-core';
import { deviceLinks } from './schema.ts';

// What other modules may read of this module's tables (decision 041): the device links, whole
// (never the device tokens). Joined into the caller's own query, so owning the read adds no round
// trip.

const qb = new QueryBuilder();

/** A device link as stored. */
export type DeviceLinkRow = typeof deviceLinks.$inferSelect;

/** Device links as other modules join them: every column. `as` names the join. */
export const deviceLinkRecords = (as: string) => qb.select().from(deviceLinks).as(as);

/** SQL text: which of the devices in `idsExpression` (a text[]) have an active simulated link. */
export const simulatedDevices = (idsExpression: string) =>
  `select device_id from device_links where device_id = any(${idsExpression}) and ended_at is null and simulated`;
