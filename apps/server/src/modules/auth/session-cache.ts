import { LRUCache } from 'lru-cache';
import type { SessionWithUser } from './repository.ts';

/**
 * How long a session looked up in the database is trusted without looking again. Every change that
 * ends a session or changes what its person may do forgets it at once, here and (by NOTIFY) on every
 * other instance (decision 023); this bounds what a lost notification could leave behind.
 */
export const SESSION_CACHE_TTL_MS = 30_000;

/** A session as read, with the spans in which its person leads a shift (their extra permissions). */
export type CachedSession = SessionWithUser & { leads: readonly { from: Date; until: Date }[] };
const SESSION_CACHE_MAX = 20_000;

/** What ends a session or changes its person (the event that ends their open streams, too). */
export interface SessionChange {
  userId: number;
  sessionId?: string | null;
}

/**
 * Sessions as last read from the database, by session id, so a signed-in request costs no round
 * trip. A read that started before a change is never stored after it (the change's generation).
 */
export function createSessionCache() {
  const cache = new LRUCache<string, CachedSession>({ max: SESSION_CACHE_MAX, ttl: SESSION_CACHE_TTL_MS });
  let generation = 0;

  return {
    get: (sessionId: string) => cache.get(sessionId),

    /** Where a database read begins: its row is kept only if nothing changed meanwhile. */
    generation: () => generation,

    store(row: CachedSession, readAtGeneration: number) {
      if (readAtGeneration === generation) cache.set(row.id, row);
    },

    /** The session was touched: its idle expiry counts from `lastSeenAt`. */
    touched(sessionId: string, lastSeenAt: Date) {
      const row = cache.get(sessionId, { updateAgeOnGet: false });
      if (row) cache.set(sessionId, { ...row, lastSeenAt }, { noUpdateTTL: true });
    },

    /**
     * Forgets the session named and every session of the person: their role, status or password may
     * have changed with it (a password change keeps the caller's session but clears its
     * must-change flag), so none of their cached rows is trusted again.
     */
    forget(change: SessionChange) {
      generation++;
      if (change.sessionId) cache.delete(change.sessionId);
      for (const [id, row] of cache.entries()) if (row.userId === change.userId) cache.delete(id);
    },

    forgetSession(sessionId: string) {
      generation++;
      cache.delete(sessionId);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
