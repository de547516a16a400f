import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  ACCOUNT_DISABLED_MESSAGE,
  ACCOUNT_PENDING_MESSAGE,
  type Account,
  type AccountUpdateInput,
  canonicalUsername,
  INVALID_CREDENTIALS_MESSAGE,
  type LoginInput,
  type PasswordChangeInput,
  PENDING_APPROVAL_MESSAGE,
  type PendingRegistration,
  permissionsOfRole,
  REGISTRATION_CLOSED_MESSAGE,
  type RegisterInput,
  type RegistrationMode,
  ROLE_LABELS,
  type Role,
  USERNAME_TAKEN_MESSAGE,
  type User,
  usernameKey,
} from '@vigil/domain';
import type { Clock } from '../../lib/clock.ts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../lib/errors.ts';
import { type AuditActor, asUser } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { AccountRow, AuthRepository } from './repository.ts';
import {
  isSessionValid,
  REMEMBER_ME_MS,
  SESSION_ABSOLUTE_MS,
  SESSION_TOUCH_INTERVAL_MS,
} from './session-policy.ts';

/** argon2id with the OWASP 2024 minimum (m = 19 MiB, t = 2, p = 1). Algorithm 2 = argon2id. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Sign-in throttling (OWASP credential-stuffing guidance): attempts are counted per username and
 * address pair (strict), per username and per address (looser), before the password is checked,
 * in the database so every instance shares the counts. Past a limit the key is refused for a delay
 * that doubles with each further attempt. A username's own limit is not applied from an address it
 * signed in from before, so a stranger's guesses cannot lock a nurse out of their ward PC.
 */
export interface LoginThrottleOptions {
  /** Attempts per username from one address in a window. */
  perPair: number;
  /** Attempts per username from addresses it never signed in from. */
  perUsername: number;
  /** Attempts per client address, whatever the username. */
  perAddress: number;
  windowSeconds: number;
  /** The first refusal lasts this long; each further attempt past the limit doubles it. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  perPair: 5,
  perUsername: 20,
  perAddress: 100,
  windowSeconds: 15 * 60,
  baseDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
};

/** Addresses a username signed in from are remembered this long. */
const KNOWN_ADDRESS_MS = 90 * 86_400_000;

export interface IssuedSession {
  token: string;
  expiresAt: Date;
  persistent: boolean;
}

/** The signed-in person as the API answers it: with their role's permissions. */
export function toUser(row: { id: number; username: string; role: Role; mustChangePassword: boolean }): User {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    permissions: [...permissionsOfRole(row.role)],
    mustChangePassword: row.mustChangePassword,
  };
}

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    status: row.status,
    mustChangePassword: row.mustChangePassword,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export const ACCOUNT_NOT_FOUND = 'Account not found';

/** A temporary password: 16 characters from an alphabet without look-alikes (about 90 bits). */
function temporaryPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

export function createAuthService(deps: {
  repo: AuthRepository;
  clock: Clock;
  throttle?: Partial<LoginThrottleOptions>;
  audit: Pick<AuditService, 'record'>;
  /** REGISTRATION: open, approval or closed. */
  registration: RegistrationMode;
  /**
   * A user's sessions ended (disabled, password changed, signed out everywhere): their open event
   * streams end too, on every instance (all of them, or all but those of `exceptSessionId`).
   */
  endStreams(userId: number, exceptSessionId: string | null): Promise<void>;
}) {
  const { repo, clock, audit } = deps;

  /** Ends a user's sessions and their open streams everywhere. */
  async function endSessionsOf(userId: number, exceptSessionId: string | null) {
    await repo.deleteSessionsOf(userId, exceptSessionId);
    await deps.endStreams(userId, exceptSessionId);
  }
  const throttle = { ...DEFAULT_LOGIN_THROTTLE, ...deps.throttle };
  // Verified against when the username does not exist, so both failures take the same time.
  const dummyHash = hash('vigil-timing-equaliser', ARGON2_OPTIONS);

  async function issueSession(userId: number, persistent: boolean): Promise<IssuedSession> {
    const token = randomBytes(32).toString('base64url'); // 256 bits
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + (persistent ? REMEMBER_ME_MS : SESSION_ABSOLUTE_MS));
    await repo.insertSession({
      id: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      persistent,
    });
    return { token, expiresAt, persistent };
  }

  /** Counts this attempt (before any password check) or refuses it with the time to wait. */
  async function countAttempt(key: string, address: string) {
    const pair = `pair:${key}|${address}`;
    const shared = [
      ...((await repo.isKnownAddress(key, address))
        ? []
        : [{ key: `user:${key}`, maxAttempts: throttle.perUsername }]),
      { key: `addr:${address}`, maxAttempts: throttle.perAddress },
    ];
    const { blocked } = await repo.countAttempt(
      [{ key: pair, maxAttempts: throttle.perPair }, ...shared],
      clock.now(),
      throttle,
    );
    if (blocked.length > 0) {
      const waitMs = Math.max(...blocked.map((b) => b.blockedUntil.getTime() - clock.now().getTime()), 1000);
      const minutes = Math.ceil(waitMs / 60_000);
      throw tooManyRequests(
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        Math.ceil(waitMs / 1000),
      );
    }
    return { pair, shared: shared.map((s) => s.key) };
  }

  return {
    registrationMode: () => deps.registration,

    /**
     * Registers a nurse: signed in at once (open), or pending an administrator's approval
     * (approval); refused when closed. The first account of an empty database is always an active
     * administrator, whatever the mode (someone has to approve the others).
     */
    async register(
      input: RegisterInput,
      actor: AuditActor,
    ): Promise<{ user: User; session: IssuedSession } | { pending: PendingRegistration }> {
      const passwordHash = await hash(input.password, ARGON2_OPTIONS);
      const username = canonicalUsername(input.username);
      const mode = deps.registration;
      if (mode === 'closed' && (await repo.countActiveAdministrators()) > 0) {
        throw forbidden(REGISTRATION_CLOSED_MESSAGE, 'REGISTRATION_CLOSED');
      }
      const row = await repo.insertUser(username, usernameKey(username), passwordHash, {
        role: 'nurse',
        status: mode === 'open' ? 'active' : 'pending',
      });
      if (!row) throw badRequest(USERNAME_TAKEN_MESSAGE, 'USERNAME_TAKEN');
      if (row.status === 'pending') {
        await audit.record({
          actor: asUser(actor, row),
          action: 'create',
          entityType: 'User',
          entityId: row.id,
          detail: 'registered, pending approval',
        });
        return { pending: { status: 'pending', message: PENDING_APPROVAL_MESSAGE } };
      }
      await repo.setLastSignIn(row.id, clock.now());
      await audit.record({
        actor: asUser(actor, row),
        action: 'create',
        entityType: 'User',
        entityId: row.id,
        detail: `registered as ${row.role}`,
      });
      return { user: toUser(row), session: await issueSession(row.id, false) };
    },

    /**
     * Signs in; the session the client held before (`previousToken`), if any, ends once the new one
     * is issued: a sign-in never keeps a session identifier that existed before it.
     */
    async login(
      input: LoginInput,
      actor: AuditActor,
      previousToken?: string,
    ): Promise<{ user: User; session: IssuedSession }> {
      const address = actor.address ?? 'unknown';
      const key = usernameKey(canonicalUsername(input.username));
      const failed = (row: { id: number; username: string; role: string } | undefined, detail: string) =>
        audit.record({
          actor: asUser(actor, row ?? null),
          action: 'failed-sign-in',
          entityType: 'Session',
          outcome: 'failure',
          detail,
        });
      let counted: Awaited<ReturnType<typeof countAttempt>>;
      try {
        counted = await countAttempt(key, address);
      } catch (error) {
        await failed(await repo.findUserByKey(key), 'too many attempts');
        throw error;
      }
      const row = await repo.findUserByKey(key);
      let ok = false;
      if (row) ok = await verify(row.password, input.password);
      else await verify(await dummyHash, input.password); // same cost as a real check
      if (!row || !ok) {
        await failed(row, row ? 'wrong password' : 'unknown username');
        throw unauthorized(INVALID_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');
      }
      // Only after the password holds: the account's state is not told to someone guessing.
      if (row.status !== 'active') {
        await failed(row, `account ${row.status}`);
        throw row.status === 'pending'
          ? forbidden(ACCOUNT_PENDING_MESSAGE, 'ACCOUNT_PENDING')
          : forbidden(ACCOUNT_DISABLED_MESSAGE, 'ACCOUNT_DISABLED');
      }
      await repo.attemptSucceeded(counted.pair, counted.shared);
      await repo.rememberAddress(key, address, clock.now());
      const session = await issueSession(row.id, input.rememberMe === true);
      if (previousToken) await repo.deleteSession(hashToken(previousToken));
      await repo.setLastSignIn(row.id, clock.now());
      await audit.record({ actor: asUser(actor, row), action: 'sign-in', entityType: 'Session' });
      return { user: toUser(row), session };
    },

    /** Changes one's own password: the current one must hold; the other sessions end. */
    async changePassword(actor: AuditActor, sessionId: string | null, input: PasswordChangeInput) {
      const row = actor.userId === null ? undefined : await repo.findUserById(actor.userId);
      if (!row) throw unauthorized();
      if (!(await verify(row.password, input.currentPassword))) {
        throw badRequest('currentPassword: the current password is not correct', 'INVALID_CURRENT_PASSWORD');
      }
      await repo.updateAccount(row.id, {
        password: await hash(input.newPassword, ARGON2_OPTIONS),
        mustChangePassword: false,
      });
      await endSessionsOf(row.id, sessionId);
      await audit.record({
        actor,
        action: 'update',
        entityType: 'User',
        entityId: row.id,
        detail: 'password changed',
      });
      return toUser({ ...row, mustChangePassword: false });
    },

    /** Ends every other session of the caller (and their streams), keeping this one. */
    async signOutEverywhere(actor: AuditActor, sessionId: string | null) {
      if (actor.userId === null) throw unauthorized();
      await endSessionsOf(actor.userId, sessionId);
      await audit.record({
        actor,
        action: 'sign-out',
        entityType: 'Session',
        detail: 'other sessions ended',
      });
    },

    async recordSignOut(actor: AuditActor) {
      await audit.record({ actor, action: 'sign-out', entityType: 'Session' });
    },

    listAccounts: async (): Promise<Account[]> => (await repo.listAccounts()).map(toAccount),

    /**
     * An administrator approves, disables or re-enables an account, or changes its role. Disabling
     * ends the account's sessions and streams at once. The last active administrator can be neither
     * disabled nor demoted (nobody could administer the ward after).
     */
    async updateAccount(actor: AuditActor, id: number, input: AccountUpdateInput): Promise<Account> {
      const current = await repo.getAccount(id);
      if (!current) throw notFound(ACCOUNT_NOT_FOUND, 'ACCOUNT_NOT_FOUND');
      const losesAdmin =
        current.role === 'administrator' &&
        current.status === 'active' &&
        ((input.role !== undefined && input.role !== 'administrator') || input.status === 'disabled');
      if (losesAdmin && (await repo.countActiveAdministrators()) <= 1) {
        throw conflict(
          'This is the last active administrator: make another account administrator first',
          'LAST_ADMINISTRATOR',
        );
      }
      const updated = await repo.updateAccount(id, {
        ...(input.role ? { role: input.role } : {}),
        ...(input.status ? { status: input.status } : {}),
      });
      if (!updated) throw notFound(ACCOUNT_NOT_FOUND, 'ACCOUNT_NOT_FOUND');
      if (input.status === 'disabled') await endSessionsOf(id, null);
      const changes = [
        input.role && input.role !== current.role
          ? `role ${ROLE_LABELS[current.role]} → ${ROLE_LABELS[input.role]}`
          : null,
        input.status && input.status !== current.status ? `status ${current.status} → ${input.status}` : null,
      ].filter(Boolean);
      await audit.record({
        actor,
        action: 'update',
        entityType: 'User',
        entityId: id,
        detail: changes.length ? changes.join('; ') : 'no change',
      });
      return toAccount(updated);
    },

    /**
     * Resets an account's password to a temporary one, shown once to the administrator; the person
     * must choose a new one at their next sign-in. Their sessions end.
     */
    async resetPassword(actor: AuditActor, id: number): Promise<{ temporaryPassword: string }> {
      const current = await repo.getAccount(id);
      if (!current) throw notFound(ACCOUNT_NOT_FOUND, 'ACCOUNT_NOT_FOUND');
      const password = temporaryPassword();
      await repo.updateAccount(id, {
        password: await hash(password, ARGON2_OPTIONS),
        mustChangePassword: true,
      });
      await endSessionsOf(id, null);
      await audit.record({
        actor,
        action: 'update',
        entityType: 'User',
        entityId: id,
        detail: 'password reset',
      });
      return { temporaryPassword: password };
    },

    /** Resolves a cookie token to its user, enforcing idle and absolute expiry. */
    async authenticate(token: string): Promise<{ user: User; sessionId: string } | null> {
      const id = hashToken(token);
      const session = await repo.findSession(id);
      if (!session) return null;
      // A disabled account's sessions were ended; this holds even if one was missed.
      if (session.status !== 'active') return null;
      const now = clock.now();
      if (!isSessionValid(session, now)) {
        await repo.deleteSession(id);
        return null;
      }
      if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
        await repo.touchSession(id, now);
      }
      return {
        user: toUser({
          id: session.userId,
          username: session.username,
          role: session.role,
          mustChangePassword: session.mustChangePassword,
        }),
        sessionId: id,
      };
    },

    /** Whether a session is still valid, without counting this as activity (long-lived streams). */
    async isSessionActive(sessionId: string): Promise<boolean> {
      const session = await repo.findSession(sessionId);
      return session !== undefined && session.status === 'active' && isSessionValid(session, clock.now());
    },

    async endSession(token: string): Promise<void> {
      await repo.deleteSession(hashToken(token));
    },

    async purgeExpiredSessions(): Promise<void> {
      await repo.deleteExpiredSessions(clock.now());
      await repo.purgeLoginRecords(clock.now(), throttle.windowSeconds, KNOWN_ADDRESS_MS);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
