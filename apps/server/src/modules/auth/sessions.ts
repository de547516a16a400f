import { randomBytes } from 'node:crypto';
import { isHospitalWide, SHIFT_LEAD_PERMISSIONS, type User, type WardScope } from '@vigil/domain';
import type { Clock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/token-hash.ts';
import type { StreamsEndedData } from '../events/internal-events.ts';
import { toUser } from './mappers.ts';
import type { AuthRepository } from './repository.ts';
import { type CachedSession, createSessionCache, type SessionChange } from './session-cache.ts';
import {
  isSessionValid,
  REMEMBER_ME_MS,
  SESSION_ABSOLUTE_MS,
  SESSION_TOUCH_INTERVAL_MS,
} from './session-policy.ts';

export interface IssuedSession {
  token: string;
  expiresAt: Date;
  persistent: boolean;
}

/**
 * Sessions: a cookie token of 256 random bits, stored as its hash, with idle and absolute expiry
 * (session-policy.ts). Ending sessions ends their open event streams too, on every instance, and
 * forgets them in every instance's session cache (session-cache.ts, decision 023).
 */
export function createSessions(deps: {
  repo: AuthRepository;
  clock: Clock;
  /**
   * What a user may see changed (role, status, a session ended): their open event streams end, on
   * every instance (those of one session, all of them, or all but those of `exceptSessionId`).
   */
  endStreams(ended: StreamsEndedData): Promise<void>;
  /**
   * When the person leads a shift (the nurse in charge): read with their session, so a cached
   * session knows when the grant starts and ends. Naming or replacing a nurse in charge ends their
   * streams, which forgets their cached sessions.
   */
  leadWindows?(userId: number, at: Date): Promise<readonly { from: Date; until: Date }[]>;
}) {
  const { repo, clock } = deps;
  const cache = createSessionCache();
  /** Forgotten here at once; the event forgets them on the other instances (sessionsChanged). */
  const endStreams = async (ended: StreamsEndedData) => {
    cache.forget(ended);
    await deps.endStreams(ended);
  };

  /** The session's person, counting this request as activity (written at most once a minute). */
  async function signedIn(session: CachedSession, now: Date) {
    if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      cache.touched(session.id, now);
      await repo.touchSession(session.id, now);
    }
    const leading = session.leads.some((w) => w.from <= now && now < w.until);
    const wards: WardScope = { all: isHospitalWide(session.role), wardIds: session.wardIds };
    return {
      wards,
      user: toUser(
        {
          id: session.userId,
          username: session.username,
          role: session.role,
          mustChangePassword: session.mustChangePassword,
        },
        leading ? SHIFT_LEAD_PERMISSIONS : [],
      ),
      sessionId: session.id,
    };
  }

  return {
    endStreams,

    /**
     * Another instance (or this one) ended sessions or changed their person: the live event that
     * ends their streams reaches every instance, and their cached sessions are forgotten.
     */
    sessionsChanged: (change: SessionChange) => cache.forget(change),

    async issue(userId: number, persistent: boolean): Promise<IssuedSession> {
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
    },

    /** Ends a user's sessions and their open streams everywhere. */
    async endAllOf(userId: number, exceptSessionId: string | null) {
      await repo.deleteSessionsOf(userId, exceptSessionId);
      await endStreams({ userId, exceptSessionId });
    },

    /**
     * Ends the session a client held, by its token (a sign-in never keeps an earlier one), on every
     * instance: whoever copied the old cookie cannot use it on another instance's cache either.
     */
    async endByToken(token: string) {
      const id = hashToken(token);
      const session = await repo.findSession(id);
      cache.forgetSession(id);
      await repo.deleteSession(id);
      if (session) await endStreams({ userId: session.userId, sessionId: id });
    },

    /**
     * Resolves a cookie token to its user, enforcing idle and absolute expiry. A cached session that
     * still holds costs no database round trip; one that seems to have lapsed is read again (another
     * instance may have seen it used since).
     */
    async authenticate(token: string): Promise<{ user: User; sessionId: string; wards: WardScope } | null> {
      const id = hashToken(token);
      const now = clock.now();
      const cached = cache.get(id);
      if (cached && isSessionValid(cached, now)) return signedIn(cached, now);
      const generation = cache.generation();
      const session = await repo.findSession(id);
      if (!session) {
        cache.forgetSession(id);
        return null;
      }
      // A disabled account's sessions were ended; this holds even if one was missed.
      if (session.status !== 'active') {
        cache.forgetSession(id);
        return null;
      }
      if (!isSessionValid(session, now)) {
        cache.forgetSession(id);
        await repo.deleteSession(id);
        return null;
      }
      const read = { ...session, leads: (await deps.leadWindows?.(session.userId, now)) ?? [] };
      cache.store(read, generation);
      return signedIn(read, now);
    },

    /** Whether a session is still valid, without counting this as activity (long-lived streams). */
    async isSessionActive(sessionId: string): Promise<boolean> {
      const session = await repo.findSession(sessionId);
      return session !== undefined && session.status === 'active' && isSessionValid(session, clock.now());
    },

    /** Signs a session out: it ends, and so do its open event streams, on every instance. */
    async endSession(token: string, userId: number | null): Promise<void> {
      const sessionId = hashToken(token);
      cache.forgetSession(sessionId);
      await repo.deleteSession(sessionId);
      if (userId !== null) await endStreams({ userId, sessionId });
    },

    purgeExpired: () => repo.deleteExpiredSessions(clock.now()),
  };
}

export type Sessions = ReturnType<typeof createSessions>;
