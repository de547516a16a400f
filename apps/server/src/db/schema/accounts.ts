import { ACCOUNT_STATUSES, ROLES } from '@vigil/domain';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

// Accounts, sessions, sign-in throttling and the audit trail.

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
