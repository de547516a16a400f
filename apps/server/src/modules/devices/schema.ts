import { DEVICE_LINK_STATES, DEVICE_LOST_REASONS, LINK_CONNECTION_TYPES } from '@vigil/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';
import { patients } from '../patients/schema.ts';

// Device tokens and device links: the tables this module owns, and only its files write them
// (decision 036).

/** A token a device or the bridge uses to post readings for one patient (stored hashed, shown once). */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    label: text('label').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
    /**
     * The first token of the line this one was rotated from (null: it is the first). Revoking any
     * token of a family revokes them all.
     */
    familyId: integer('family_id'),
    /** When a rotation replaced it: it ended then (a rotation is single use). */
    replacedAt: ts('replaced_at'),
  },
  (t) => [
    uniqueIndex('device_tokens_hash_uq').on(t.tokenHash),
    index('device_tokens_patient_idx').on(t.patientId),
    index('device_tokens_family_idx').on(t.familyId),
  ],
);

/**
 * Which device feeds which patient (Bluetooth in a browser, the bridge, a wearable), its connection
 * state and battery, so every screen knows, not only the browser that holds the connection. One
 * active link per device; ending it keeps the row (who linked what, when).
 */
export const deviceLinks = pgTable(
  'device_links',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name'),
    connectionType: text('connection_type', { enum: LINK_CONNECTION_TYPES }).notNull(),
    simulated: boolean('simulated').notNull().default(false),
    /** Domain DEVICE_LINK_STATES; what a screen says of it is the domain's deviceStatus. */
    state: text('state', { enum: DEVICE_LINK_STATES }).notNull(),
    batteryLevel: integer('battery_level'),
    linkedAt: ts('linked_at').notNull(),
    linkedBy: integer('linked_by').references(() => users.id, { onDelete: 'set null' }),
    stateChangedAt: ts('state_changed_at').notNull(),
    /** The holding browser's last heartbeat (it still holds the device). */
    heartbeatAt: ts('heartbeat_at'),
    /**
     * Since when the link is lost, and why (domain DEVICE_LOST_REASONS): set by the lease sweep, by
     * the holding browser giving up, or by the provider refusing our tokens; cleared when it reports again.
     */
    lostAt: ts('lost_at'),
    lostReason: text('lost_reason', { enum: DEVICE_LOST_REASONS }),
    endedAt: ts('ended_at'),
  },
  (t) => [
    uniqueIndex('device_links_active_device_uq').on(t.deviceId).where(sql`${t.endedAt} is null`),
    index('device_links_patient_idx').on(t.patientId),
  ],
);
