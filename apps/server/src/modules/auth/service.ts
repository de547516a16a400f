import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  INVALID_CREDENTIALS_MESSAGE,
  type LoginInput,
  type RegisterInput,
  USERNAME_TAKEN_MESSAGE,
  type User,
} from '@vigil/domain';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
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

export interface LoginThrottleOptions {
  /** Failed attempts allowed per username per window. */
  perUsername: number;
  /** Failed attempts allowed per client address per window. */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  perUsername: 5,
  perAddress: 30,
  windowSeconds: 15 * 60,
};

export interface IssuedSession {
  token: string;
  expiresAt: Date;
  persistent: boolean;
}

export function createAuthService(deps: {
  repo: AuthRepository;
  clock: Clock;
  throttle?: LoginThrottleOptions;
}) {
  const { repo, clock } = deps;
  const throttle = deps.throttle ?? DEFAULT_LOGIN_THROTTLE;
  const byUsername = new RateLimiterMemory({
    points: throttle.perUsername,
    duration: throttle.windowSeconds,
  });
  const byAddress = new RateLimiterMemory({ points: throttle.perAddress, duration: throttle.windowSeconds });
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

  async function assertNotThrottled(usernameKey: string, address: string) {
    const [u, a] = await Promise.all([byUsername.get(usernameKey), byAddress.get(address)]);
    const blocked = [u, a].filter(
      (r): r is RateLimiterRes =>
        r !== null && r.consumedPoints >= (r === u ? throttle.perUsername : throttle.perAddress),
    );
    if (blocked.length > 0) {
      const waitMs = Math.max(...blocked.map((r) => r.msBeforeNext));
      const minutes = Math.ceil(waitMs / 60_000);
      throw tooManyRequests(
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        Math.ceil(waitMs / 1000),
      );
    }
  }

  async function recordFailure(usernameKey: string, address: string) {
    await Promise.all([byUsername.penalty(usernameKey, 1), byAddress.penalty(address, 1)]);
  }

  return {
    async register(input: RegisterInput): Promise<{ user: User; session: IssuedSession }> {
      const passwordHash = await hash(input.password, ARGON2_OPTIONS);
      const user = await repo.insertUser(input.username, passwordHash);
      if (!user) throw badRequest(USERNAME_TAKEN_MESSAGE, 'USERNAME_TAKEN');
      return { user, session: await issueSession(user.id, false) };
    },

    async login(input: LoginInput, address: string): Promise<{ user: User; session: IssuedSession }> {
      const usernameKey = input.username.toLowerCase();
      await assertNotThrottled(usernameKey, address);
      const row = await repo.findUserByUsername(input.username);
      let ok = false;
      if (row) ok = await verify(row.password, input.password);
      else await verify(await dummyHash, input.password); // same cost as a real check
      if (!row || !ok) {
        await recordFailure(usernameKey, address);
        throw unauthorized(INVALID_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');
      }
      await byUsername.delete(usernameKey);
      return {
        user: { id: row.id, username: row.username },
        session: await issueSession(row.id, input.rememberMe === true),
      };
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
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
