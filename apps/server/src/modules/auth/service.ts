import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  canonicalUsername,
  INVALID_CREDENTIALS_MESSAGE,
  type LoginInput,
  type RegisterInput,
  USERNAME_TAKEN_MESSAGE,
  type User,
  usernameKey,
} from '@vigil/domain';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import type { AuthRepository } from './repository.ts';
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

export function createAuthService(deps: {
  repo: AuthRepository;
  clock: Clock;
  throttle?: Partial<LoginThrottleOptions>;
}) {
  const { repo, clock } = deps;
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
    async register(input: RegisterInput): Promise<{ user: User; session: IssuedSession }> {
      const passwordHash = await hash(input.password, ARGON2_OPTIONS);
      const username = canonicalUsername(input.username);
      const user = await repo.insertUser(username, usernameKey(username), passwordHash);
      if (!user) throw badRequest(USERNAME_TAKEN_MESSAGE, 'USERNAME_TAKEN');
      return { user, session: await issueSession(user.id, false) };
    },

    /**
     * Signs in; the session the client held before (`previousToken`), if any, ends once the new one
     * is issued: a sign-in never keeps a session identifier that existed before it.
     */
    async login(
      input: LoginInput,
      address: string,
      previousToken?: string,
    ): Promise<{ user: User; session: IssuedSession }> {
      const key = usernameKey(canonicalUsername(input.username));
      const counted = await countAttempt(key, address);
      const row = await repo.findUserByKey(key);
      let ok = false;
      if (row) ok = await verify(row.password, input.password);
      else await verify(await dummyHash, input.password); // same cost as a real check
      if (!row || !ok) throw unauthorized(INVALID_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');
      await repo.attemptSucceeded(counted.pair, counted.shared);
      await repo.rememberAddress(key, address, clock.now());
      const session = await issueSession(row.id, input.rememberMe === true);
      if (previousToken) await repo.deleteSession(hashToken(previousToken));
      return { user: { id: row.id, username: row.username }, session };
    },

    /** Resolves a cookie token to its user, enforcing idle and absolute expiry. */
    async authenticate(token: string): Promise<{ user: User; sessionId: string } | null> {
      const id = hashToken(token);
      const session = await repo.findSession(id);
      if (!session) return null;
      const now = clock.now();
      if (!isSessionValid(session, now)) {
        await repo.deleteSession(id);
        return null;
      }
      if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
        await repo.touchSession(id, now);
      }
      return { user: { id: session.userId, username: session.username }, sessionId: id };
    },

    /** Whether a session is still valid, without counting this as activity (long-lived streams). */
    async isSessionActive(sessionId: string): Promise<boolean> {
      const session = await repo.findSession(sessionId);
      return session !== undefined && isSessionValid(session, clock.now());
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
