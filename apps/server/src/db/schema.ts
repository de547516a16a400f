import { ACCOUNT_STATUSES, CONSCIOUSNESS_LEVELS, ROLES } from '@vigil/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Field names and defaults follow spec point 3; additions are commented. Migrations are generated
// from this file by drizzle-kit (`npm run db:generate -w @vigil/server`) and never edited once landed.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /**
     * The username as people read it (NFKC, lower-cased: domain `usernameKey`), computed in the
     * server so sign-in never depends on a database collation: "Nurse.Ada" and "ＮＵＲＳＥ.ada" are
     * one account.
     */
    usernameKey: text('username_key').notNull(),
    /** argon2id PHC string; never leaves the server. */
    password: text('password').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    // Roles and accounts (issue 15): packages/domain/src/auth/roles.ts.
    role: text('role', { enum: ROLES }).notNull().default('nurse'),
    /** pending (awaiting approval), active, disabled (never deleted: records keep their author). */
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('active'),
    /** Set by an administrator's reset: only changing the password is allowed until it is done. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastSignInAt: ts('last_sign_in_at'),
  },
  (t) => [uniqueIndex('users_username_key_uq').on(t.usernameKey)],
);

/**
 * The audit trail (issue 15), shaped after FHIR AuditEvent. Append-only: a trigger refuses UPDATE,
 * DELETE and TRUNCATE (migration 0005). Each row's `hash` is SHA-256 over the previous row's hash
 * and this row's canonical form, computed in the server with appends serialised
 * (modules/audit/repository.ts). Ids only: no patient names, no note text.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    userId: integer('user_id'),
    username: text('username'),
    role: text('role'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    patientId: integer('patient_id'),
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    address: text('address'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_patient_idx').on(t.patientId, t.id),
    index('audit_events_user_idx').on(t.userId, t.id),
  ],
);

/**
 * Sign-in attempts counted per key (username and address pair, username, address) before any
 * password is checked, shared by every server instance. Past `maxAttempts` in a window the key is
 * blocked until `blockedUntil`, for a delay that doubles with each further attempt.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  maxAttempts: integer('max_attempts').notNull(),
  windowStartedAt: ts('window_started_at').notNull(),
  blockedUntil: ts('blocked_until'),
});

/**
 * Addresses a username signed in from successfully: a stranger's guesses from elsewhere do not
 * lock that person out from here (OWASP credential-stuffing guidance).
 */
export const loginKnownAddresses = pgTable(
  'login_known_addresses',
  {
    usernameKey: text('username_key').notNull(),
    address: text('address').notNull(),
    lastSuccessAt: ts('last_success_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.usernameKey, t.address] })],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the opaque cookie token: a database leak does not yield usable sessions. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    /** Absolute expiry: 12 h for a browser session, 30 days for "Keep me signed in". */
    expiresAt: ts('expires_at').notNull(),
    persistent: boolean('persistent').notNull().default(false),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    oxygenLevel: integer('oxygen_level').notNull(),
    pulse: integer('pulse').notNull(),
    systolicBP: integer('systolic_bp').notNull(),
    diastolicBP: integer('diastolic_bp').notNull(),
    /** Tenths of °F, e.g. 986 (spec point 3). */
    temperature: integer('temperature').notNull(),
    condition: text('condition').notNull(),
    lastUpdated: ts('last_updated').notNull().defaultNow(),
    hasVitalWatch: boolean('has_vital_watch').notNull().default(false),
    vitalWatchType: text('vital_watch_type'),
    vitalWatchConnected: boolean('vital_watch_connected').notNull().default(false),
    // NEWS2 parameters (addition): null means "not recorded", which NEWS2 reports as missing.
    respiratoryRate: integer('respiratory_rate'),
    consciousness: text('consciousness', { enum: CONSCIOUSNESS_LEVELS }),
    onSupplementalOxygen: boolean('on_supplemental_oxygen'),
    spo2Scale: smallint('spo2_scale').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('patients_condition_idx').on(t.condition),
    index('patients_name_lower_idx').on(sql`lower(${t.name})`),
  ],
);

export const treatments = pgTable(
  'treatments',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    scheduledFor: ts('scheduled_for').notNull(),
    completed: boolean('completed').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    // Addition: when and by whom it was marked done (the history timeline shows it).
    completedAt: ts('completed_at'),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('treatments_patient_scheduled_idx').on(t.patientId, t.scheduledFor)],
);

export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('notes_patient_created_idx').on(t.patientId, t.createdAt)],
);

export const medications = pgTable(
  'medications',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    dosage: text('dosage').notNull(),
    frequency: text('frequency').notNull(),
    nextDose: ts('next_dose').notNull(),
    alertEnabled: boolean('alert_enabled').notNull().default(true),
    instructions: text('instructions'),
    sideEffects: text('side_effects'),
    startDate: ts('start_date').defaultNow(),
    endDate: ts('end_date'),
    adherenceRate: integer('adherence_rate'),
    lastTaken: ts('last_taken'),
    aiSuggestions: jsonb('ai_suggestions'),
    createdAt: ts('created_at').defaultNow(),
    updatedAt: ts('updated_at').defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('medications_patient_next_dose_idx').on(t.patientId, t.nextDose)],
);

/** The real data behind the spec's sample Emergency Contacts panel (addition). */
export const emergencyContacts = pgTable(
  'emergency_contacts',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    phone: text('phone').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('emergency_contacts_patient_idx').on(t.patientId)],
);

/** Spec "Cloud reading": every vital reading, whatever its source. */
export const vitalReadings = pgTable(
  'vital_readings',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    deviceId: text('device_id'),
    deviceName: text('device_name'),
    connectionType: text('connection_type'),
    readingTime: ts('reading_time').notNull(),
    heartRate: integer('heart_rate'),
    oxygenLevel: integer('oxygen_level'),
    systolicBP: integer('systolic_bp'),
    diastolicBP: integer('diastolic_bp'),
    temperature: integer('temperature'),
    /** Skin temperature, tenths of °F (a wearable's; never core temperature, not in NEWS2; decision 011). */
    skinTemperature: integer('skin_temperature'),
    respiratoryRate: integer('respiratory_rate'),
    consciousness: text('consciousness', { enum: CONSCIOUSNESS_LEVELS }),
    onSupplementalOxygen: boolean('on_supplemental_oxygen'),
    batteryLevel: integer('battery_level'),
    steps: integer('steps'),
    sleepHours: real('sleep_hours'),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('vital_readings_patient_time_idx').on(t.patientId, t.readingTime.desc()),
    // Dedupe: one reading per device and instant (a resent reading is stored once).
    uniqueIndex('vital_readings_device_time_uq').on(t.deviceId, t.readingTime),
  ],
);

/**
 * Addition: what happened to a patient and who did it (admission, condition changes, vitals edits).
 * The history timeline reads it; it is also the audit trail of changes to the patient record.
 */
export const patientEvents = pgTable(
  'patient_events',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('patient_events_patient_created_idx').on(t.patientId, t.createdAt)],
);

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
  },
  (t) => [
    uniqueIndex('device_tokens_hash_uq').on(t.tokenHash),
    index('device_tokens_patient_idx').on(t.patientId),
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
    connectionType: text('connection_type').notNull(),
    simulated: boolean('simulated').notNull().default(false),
    state: text('state').notNull(),
    batteryLevel: integer('battery_level'),
    linkedAt: ts('linked_at').notNull(),
    linkedBy: integer('linked_by').references(() => users.id, { onDelete: 'set null' }),
    stateChangedAt: ts('state_changed_at').notNull(),
    /** The holding browser's last heartbeat (it still holds the device). */
    heartbeatAt: ts('heartbeat_at'),
    endedAt: ts('ended_at'),
  },
  (t) => [
    uniqueIndex('device_links_active_device_uq').on(t.deviceId).where(sql`${t.endedAt} is null`),
    index('device_links_patient_idx').on(t.patientId),
  ],
);

/**
 * One-time pairing tokens: a signed-in person's manager page gets one and hands it to the Health
 * Device Bridge on this machine, which presents it back to us to prove the page is ours (stored as
 * SHA-256, single use, expiring in minutes).
 */
export const bridgePairings = pgTable(
  'bridge_pairings',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('bridge_pairings_hash_uq').on(t.tokenHash)],
);

/** Answers to ingest requests by Idempotency-Key, so a retried request is answered the same way. */
export const idempotentRequests = pgTable('idempotent_requests', {
  key: text('key').primaryKey(),
  /** SHA-256 of the request body: a key reused for a different body is refused, not answered. */
  requestHash: text('request_hash'),
  status: integer('status').notNull(),
  response: jsonb('response').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * The live event log: what the event stream sends. Its id is the SSE event id, so a client that
 * reconnects with Last-Event-ID gets what it missed; instances share it through LISTEN/NOTIFY of ids.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    patientId: integer('patient_id'),
    data: jsonb('data').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('live_events_created_idx').on(t.createdAt)],
);

/**
 * Open live-event streams, so the per-user cap holds across instances. A stream's row is refreshed
 * while it is open; rows of an instance that died go stale and stop counting.
 */
export const eventStreams = pgTable(
  'event_streams',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openedAt: ts('opened_at').notNull(),
    heartbeatAt: ts('heartbeat_at').notNull(),
  },
  (t) => [index('event_streams_user_idx').on(t.userId)],
);

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
