import { ACCOUNT_STATUSES, ROLES } from '@vigil/domain';
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

// Accounts, their sessions and sign-in throttling: the tables this module owns, and only its files
// write them (decision 036).

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
