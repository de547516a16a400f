import { sql } from 'drizzle-orm';
import { index, integer, pgTable, real, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';
import { patients } from '../patients/schema.ts';

// WHOOP connections, authorizations under way and webhook receipts: the tables this module owns, and
// only its files write them (decision 036).

/**
 * A patient's wearable linked through its provider's API (WHOOP): the tokens (AES-256-GCM, never
 * in clear), the provider's user, the connection state ("reconnect needed" when the provider
 * refused our refresh token), what the last poll reached and the wearable card's non-vital scores.
 * One active connection per patient; disconnecting ends the row and wipes its tokens.
 */
export const wearableConnections = pgTable(
  'wearable_connections',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    /** connected | reconnect_needed */
    state: text('state').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    scope: text('scope'),
    linkedAt: ts('linked_at').notNull(),
    linkedBy: integer('linked_by').references(() => users.id, { onDelete: 'set null' }),
    stateChangedAt: ts('state_changed_at').notNull(),
    /** Inclusive start of the next poll's collections: the newest cycle start seen. */
    syncedFrom: ts('synced_from'),
    lastSyncAt: ts('last_sync_at'),
    /** When the next poll may run (30 s on, or later after a 429). */
    nextPollAt: ts('next_poll_at').notNull(),
    recoveryScore: real('recovery_score'),
    strain: real('strain'),
    skinTempCelsius: real('skin_temp_celsius'),
    hrvRmssdMilli: real('hrv_rmssd_milli'),
    scoresAt: ts('scores_at'),
    endedAt: ts('ended_at'),
    /** How the tokens were ended on disconnect: revoked at the provider, or only deleted here. */
    endNote: text('end_note'),
  },
  (t) => [
    uniqueIndex('wearable_connections_active_patient_uq').on(t.patientId).where(sql`${t.endedAt} is null`),
    index('wearable_connections_provider_user_idx').on(t.provider, t.providerUserId),
  ],
);

/** Authorizations under way: the state (SHA-256), bound to a session and a patient, single use, minutes. */
export const wearableAuthorizations = pgTable('wearable_authorizations', {
  stateHash: text('state_hash').primaryKey(),
  sessionId: text('session_id').notNull(),
  patientId: integer('patient_id')
    .notNull()
    .references(() => patients.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** The PKCE verifier, encrypted like the tokens. */
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/** Webhook deliveries already accepted (by signature hash), so a replay is refused. */
export const wearableWebhookReceipts = pgTable(
  'wearable_webhook_receipts',
  {
    signatureHash: text('signature_hash').primaryKey(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [index('wearable_webhook_receipts_received_idx').on(t.receivedAt)],
);
