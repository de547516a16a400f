import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ts } from './columns.ts';
import { patients } from './patients.ts';

// WHOOP connections, SMART clients and FHIR bulk exports.

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

/**
 * Systems an administrator registered for SMART Backend Services: they authenticate with a JWT
 * signed by a key of their JWKS (held here, or fetched from their JWKS URL) and may be granted the
 * read scopes of the FHIR API. Never deleted: disabling keeps who exported what.
 */
export const smartClients = pgTable(
  'smart_clients',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    jwks: jsonb('jwks'),
    jwksUrl: text('jwks_url'),
    /** Space-separated scopes the client may ask for (system/Patient.rs …). */
    scopes: text('scopes').notNull(),
    createdAt: ts('created_at').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    disabledAt: ts('disabled_at'),
  },
  (t) => [uniqueIndex('smart_clients_client_id_uq').on(t.clientId)],
);

/** Access tokens issued to SMART clients (stored as SHA-256, minutes long). */
export const smartAccessTokens = pgTable(
  'smart_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: text('client_id').notNull(),
    scopes: text('scopes').notNull(),
    issuedAt: ts('issued_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('smart_access_tokens_expires_idx').on(t.expiresAt)],
);

/** Client assertion ids already used (a replayed assertion is refused until its expiry passes). */
export const smartAssertionJtis = pgTable(
  'smart_assertion_jtis',
  {
    clientId: text('client_id').notNull(),
    jti: text('jti').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.jti] }),
    index('smart_assertion_jtis_expires_idx').on(t.expiresAt),
  ],
);

/**
 * FHIR Bulk Data exports: the request (who, which types, since when, one patient group or the
 * whole system), its state and, once done, its NDJSON files (fhir_export_files) until they expire.
 */
export const fhirExportJobs = pgTable(
  'fhir_export_jobs',
  {
    id: text('id').primaryKey(),
    /** system | patient | group */
    level: text('level').notNull(),
    types: text('types').notNull(),
    since: ts('since'),
    /** queued | in-progress | complete | failed */
    state: text('state').notNull(),
    requestUrl: text('request_url').notNull(),
    /** Who asked: a user id, or a SMART client id. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: text('client_id'),
    createdAt: ts('created_at').notNull(),
    /** The transaction time of the export: resources up to this instant. */
    transactionTime: ts('transaction_time').notNull(),
    completedAt: ts('completed_at'),
    expiresAt: ts('expires_at'),
    error: text('error'),
    /** The patients of a Group export, fixed at its kick-off; null: every patient. */
    patientIds: jsonb('patient_ids').$type<number[] | null>(),
    groupId: text('group_id'),
    /** The instance running it and until when its claim holds (it renews the lease while it works). */
    claimedBy: text('claimed_by'),
    leaseUntil: ts('lease_until'),
    /** Where it got to (export-service ExportProgress): a restarted job resumes after its last file. */
    progress: jsonb('progress'),
  },
  (t) => [
    index('fhir_export_jobs_expires_idx').on(t.expiresAt),
    index('fhir_export_jobs_state_idx').on(t.state, t.createdAt),
  ],
);

export const fhirExportFiles = pgTable(
  'fhir_export_files',
  {
    id: serial('id').primaryKey(),
    jobId: text('job_id')
      .notNull()
      .references(() => fhirExportJobs.id, { onDelete: 'cascade' }),
    resourceType: text('resource_type').notNull(),
    count: integer('count').notNull(),
    ndjson: text('ndjson').notNull(),
  },
  (t) => [index('fhir_export_files_job_idx').on(t.jobId)],
);
