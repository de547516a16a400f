import {
  ACCOUNT_STATUSES,
  ALERT_CONDITIONS,
  ALERT_CONFIRMATIONS,
  ALERT_KINDS,
  ALERT_PRIORITIES,
  ALERT_STATES,
  type AlertSettings,
  BED_MOVES,
  CONSCIOUSNESS_LEVELS,
  DEVICE_LOST_REASONS,
  HANDOVER_STATUSES,
  ILLNESS_SEVERITIES,
  type MonitoringException,
  type PatientDevice,
  type PatientNews2,
  READING_PROVENANCES,
  ROLES,
  type VitalSources,
  type WardSettings,
} from '@vigil/domain';
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
    // What the person may do: the permissions of each role are in packages/domain/src/auth/roles.ts.
    role: text('role', { enum: ROLES }).notNull().default('nurse'),
    /** pending (awaiting approval), active, disabled (never deleted: records keep their author). */
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('active'),
    /** Set by an administrator's reset: only changing the password is allowed until it is done. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastSignInAt: ts('last_sign_in_at'),
    /**
     * The name's confusable skeleton (UTS #39: "admin1" and "adminl" have one), so a new name that
     * reads as an existing one is refused. Filled by the server (null for accounts from before it,
     * until the server's start-up fills them); not unique: earlier look-alikes stay as they are.
     */
    usernameSkeleton: text('username_skeleton'),
  },
  (t) => [
    uniqueIndex('users_username_key_uq').on(t.usernameKey),
    index('users_username_skeleton_idx').on(t.usernameSkeleton),
  ],
);

/**
 * The audit trail (decision 013), shaped after FHIR AuditEvent. Append-only: a trigger refuses UPDATE,
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
    /**
     * How `hash` was made: `hmac-sha256` (keyed, the key outside the database; decision 018), or
     * `sha256` for the rows written before the chain was keyed (they verify as they were written).
     */
    hashAlg: text('hash_alg').notNull().default('sha256'),
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
 * Refused sign-ins tallied per client address and window: the first refusal of a window is its own
 * audit row, the rest are counted here and written as one audit row when the window has passed, so
 * a flood of refusals from one address is two rows per window in the append-only trail, not one
 * per attempt.
 */
export const signInRefusals = pgTable(
  'sign_in_refusals',
  {
    address: text('address').notNull(),
    windowStart: ts('window_start').notNull(),
    /** Refusals after the first (which was written at once). */
    attempts: integer('attempts').notNull(),
    /** Count per reason: { "wrong password": 3, "too many attempts": 40 }. */
    reasons: jsonb('reasons').notNull().default({}),
    /** The accounts tried (ids of known usernames), at most 20. */
    userIds: jsonb('user_ids').notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.address, t.windowStart] })],
);

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
    // NEWS2 parameters (addition): null means "not recorded", which NEWS2 reports as missing.
    respiratoryRate: integer('respiratory_rate'),
    consciousness: text('consciousness', { enum: CONSCIOUSNESS_LEVELS }),
    onSupplementalOxygen: boolean('on_supplemental_oxygen'),
    spo2Scale: smallint('spo2_scale').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Created by the demo seed: only demo patients take simulated and demo values (decision 014). */
    isDemo: boolean('is_demo').notNull().default(false),
    /** Where each current vital value came from (domain `VitalSources`), kept with the values. */
    sources: jsonb('sources').$type<VitalSources>().notNull().default({}),
    /**
     * The NEWS2 of the values that count (domain `PatientNews2`), computed by the domain's
     * `summarizeNews2` whenever they change; its total is a column of its own for ordering.
     */
    news2: jsonb('news2').$type<PatientNews2 | null>(),
    news2Total: smallint('news2_total'),
    /**
     * The patient's active device links as every answer carries them (domain `PatientDevice[]`),
     * written only by the device-link service in the transaction of each link change.
     */
    devices: jsonb('devices').$type<PatientDevice[]>().notNull().default([]),
    /**
     * When the next full set of observations is due (domain `nextObservationDue`), kept with the
     * NEWS2 it follows from, so the overdue sweep is one indexed query.
     */
    nextObservationDue: ts('next_observation_due'),
    /** A nurse's monitoring exception in force (domain `MonitoringException`), or null. */
    monitoringException: jsonb('monitoring_exception').$type<MonitoringException | null>(),
    /** Discharged patients leave the ward's lists; their record stays readable. */
    dischargedAt: ts('discharged_at'),
  },
  (t) => [
    index('patients_condition_idx').on(t.condition),
    index('patients_news2_total_idx').on(t.news2Total),
    index('patients_next_observation_due_idx').on(t.nextObservationDue),
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
    /** Where the reading comes from, decided by the ingest (domain `classifyReading`, decision 014). */
    provenance: text('provenance', { enum: READING_PROVENANCES }).notNull(),
    /** The past window a wearable summary describes (last night's sleep); null for a point in time. */
    windowStart: ts('window_start'),
    windowEnd: ts('window_end'),
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
    connectionType: text('connection_type').notNull(),
    simulated: boolean('simulated').notNull().default(false),
    state: text('state').notNull(),
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
    /** system | patient */
    level: text('level').notNull(),
    types: text('types').notNull(),
    since: ts('since'),
    /** in-progress | complete | failed */
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
  },
  (t) => [index('fhir_export_jobs_expires_idx').on(t.expiresAt)],
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

/**
 * Alerts (decision 021): a record per ongoing condition of a patient, with its life — raised
 * (pending while a device's value awaits confirmation), acknowledged by someone, escalated when
 * nobody does by its deadline, resolved with a cause. One open clinical alert per patient, and one
 * open technical alert per patient, condition and subject (a device link), enforced by the indexes.
 * The table is also the due work of the timers: a due alert is claimed with FOR UPDATE SKIP LOCKED.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    condition: text('condition', { enum: ALERT_CONDITIONS }).notNull(),
    /** The device link a technical alert is about ('' when none, so the open-alert index holds). */
    subject: text('subject').notNull().default(''),
    priority: text('priority', { enum: ALERT_PRIORITIES }).notNull(),
    state: text('state', { enum: ALERT_STATES }).notNull(),
    latched: boolean('latched').notNull(),
    message: text('message').notNull(),
    response: text('response').notNull(),
    news2Total: smallint('news2_total'),
    confirmation: text('confirmation', { enum: ALERT_CONFIRMATIONS }),
    raisedAt: ts('raised_at').notNull(),
    pendingSince: ts('pending_since'),
    confirmedAt: ts('confirmed_at'),
    deadlineAt: ts('deadline_at'),
    escalationLevel: smallint('escalation_level').notNull().default(0),
    escalatedTo: text('escalated_to'),
    escalatedAt: ts('escalated_at'),
    acknowledgedAt: ts('acknowledged_at'),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgeNote: text('acknowledge_note'),
    conditionEndedAt: ts('condition_ended_at'),
    resolvedAt: ts('resolved_at'),
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('alerts_open_clinical_uq')
      .on(t.patientId)
      .where(sql`${t.kind} = 'clinical' and ${t.state} <> 'resolved'`),
    uniqueIndex('alerts_open_technical_uq')
      .on(t.patientId, t.condition, t.subject)
      .where(sql`${t.kind} = 'technical' and ${t.state} <> 'resolved'`),
    index('alerts_due_idx').on(t.state, t.deadlineAt),
    index('alerts_patient_raised_idx').on(t.patientId, t.raisedAt),
    index('alerts_raised_idx').on(t.raisedAt),
  ],
);

/** The ward's alert settings (one row), set by a ward manager; defaults in the domain. */
export const alertSettings = pgTable('alert_settings', {
  id: smallint('id').primaryKey(),
  settings: jsonb('settings').$type<AlertSettings>().notNull(),
  updatedAt: ts('updated_at').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** The ward's bays, in the order the layout lists them. */
export const wardBays = pgTable('ward_bays', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  position: smallint('position').notNull(),
});

/**
 * The ward's beds. A bed holds at most one patient and a patient at most one bed (the unique
 * indexes): taking a bed is a conditional update, so two admissions to one bed cannot both win.
 */
export const wardBeds = pgTable(
  'ward_beds',
  {
    id: serial('id').primaryKey(),
    bayId: integer('bay_id')
      .notNull()
      .references(() => wardBays.id, { onDelete: 'restrict' }),
    label: text('label').notNull(),
    /** The label upper-cased: "a1" and "A1" are one bed. */
    labelKey: text('label_key').notNull(),
    position: smallint('position').notNull(),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('ward_beds_label_uq').on(t.labelKey),
    uniqueIndex('ward_beds_patient_uq').on(t.patientId),
    index('ward_beds_bay_idx').on(t.bayId),
  ],
);

/** Admissions to a bed, moves and discharges, with the bed labels as they were then. */
export const bedMoves = pgTable(
  'bed_moves',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BED_MOVES }).notNull(),
    fromBed: text('from_bed'),
    toBed: text('to_bed'),
    at: ts('at').notNull(),
    byUser: integer('by_user')
      .notNull()
      .references(() => users.id),
  },
  (t) => [index('bed_moves_patient_at_idx').on(t.patientId, t.at)],
);

/** The ward's shift times, handover window and clock (one row), set by a ward manager. */
export const wardSettings = pgTable('ward_settings', {
  id: smallint('id').primaryKey(),
  settings: jsonb('settings').$type<WardSettings>().notNull(),
  updatedAt: ts('updated_at').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Which nurse looks after which patient in a shift ("2026-11-26/day"), and who decided. */
export const shiftAssignments = pgTable(
  'shift_assignments',
  {
    shiftKey: text('shift_key').notNull(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    nurseId: integer('nurse_id')
      .notNull()
      .references(() => users.id),
    assignedBy: integer('assigned_by')
      .notNull()
      .references(() => users.id),
    assignedAt: ts('assigned_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shiftKey, t.patientId] }),
    index('shift_assignments_nurse_idx').on(t.shiftKey, t.nurseId),
  ],
);

/** The nurse in charge of a shift ("2026-11-26/day"), named by a ward manager. */
export const shiftLeads = pgTable(
  'shift_leads',
  {
    shiftKey: text('shift_key').primaryKey(),
    nurseId: integer('nurse_id')
      .notNull()
      .references(() => users.id),
    namedBy: integer('named_by')
      .notNull()
      .references(() => users.id),
    namedAt: ts('named_at').notNull(),
  },
  (t) => [index('shift_leads_nurse_idx').on(t.nurseId, t.shiftKey)],
);

/**
 * I-PASS handovers into a shift. One awaiting acceptance per patient and shift (the
 * partial unique index); acceptance is a conditional update, so of two receivers one wins.
 */
export const handovers = pgTable(
  'handovers',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    shiftKey: text('shift_key').notNull(),
    /** The shift's start plus the handover window, then: not accepted by it, the handover is flagged. */
    handoverEndsAt: ts('handover_ends_at').notNull(),
    illnessSeverity: text('illness_severity', { enum: ILLNESS_SEVERITIES }).notNull(),
    patientSummary: text('patient_summary').notNull(),
    actions: jsonb('actions').$type<string[]>().notNull(),
    situation: text('situation').notNull(),
    givenBy: integer('given_by')
      .notNull()
      .references(() => users.id),
    givenAt: ts('given_at').notNull(),
    toNurseId: integer('to_nurse_id').references(() => users.id),
    status: text('status', { enum: HANDOVER_STATUSES }).notNull(),
    synthesis: text('synthesis'),
    acceptedBy: integer('accepted_by').references(() => users.id),
    acceptedAt: ts('accepted_at'),
  },
  (t) => [
    uniqueIndex('handovers_awaiting_uq').on(t.patientId, t.shiftKey).where(sql`${t.status} = 'given'`),
    index('handovers_shift_status_idx').on(t.shiftKey, t.status),
    index('handovers_patient_given_idx').on(t.patientId, t.givenAt),
  ],
);
