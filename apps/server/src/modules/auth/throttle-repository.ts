import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginKnownAddresses, loginThrottle } from './schema.ts';

/** One throttle counter to count an attempt against: its key and how many attempts it allows. */
export interface ThrottleKey {
  key: string;
  maxAttempts: number;
}

export interface ThrottleDelays {
  windowSeconds: number;
  /** The first block lasts this long; each further attempt past the limit doubles it. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

/** The sign-in throttle's counters and the addresses each username signed in from. */
export function createThrottleRepository(db: Db) {
  return {
    /**
     * Counts one attempt against every key, or against none: before any password is checked, in
     * one transaction that locks the keys' rows (in key order). When any key is blocked the attempt
     * is refused unchecked and counts nowhere (so one address's refused guesses cannot run up a
     * username's count and lock its owner out from every other address); the blocked keys come
     * back. A key whose count reaches its limit is blocked from now for a delay that doubles with
     * each attempt past the limit; the window of a key starts again once it has passed. Concurrent
     * attempts queue on the rows, so a burst cannot all pass a check made before any was counted.
     */
    async countAttempt(
      keys: ThrottleKey[],
      now: Date,
      delays: ThrottleDelays,
    ): Promise<{ blocked: { key: string; blockedUntil: Date }[] }> {
      const windowStart = new Date(now.getTime() - delays.windowSeconds * 1000);
      const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      return db.transaction(async (tx) => {
        await tx
          .insert(loginThrottle)
          .values(
            sorted.map((k) => ({
              key: k.key,
              attempts: 0,
              maxAttempts: k.maxAttempts,
              windowStartedAt: now,
            })),
          )
          .onConflictDoNothing();
        const rows = await tx
          .select()
          .from(loginThrottle)
          .where(
            inArray(
              loginThrottle.key,
              sorted.map((k) => k.key),
            ),
          )
          .orderBy(asc(loginThrottle.key))
          .for('update');
        const blocked = rows
          .filter((r) => r.blockedUntil !== null && r.blockedUntil > now)
          .map((r) => ({ key: r.key, blockedUntil: r.blockedUntil! }));
        if (blocked.length > 0) return { blocked };
        for (const row of rows) {
          const max = sorted.find((k) => k.key === row.key)!.maxAttempts;
          const windowPassed = row.windowStartedAt <= windowStart;
          const attempts = windowPassed ? 1 : row.attempts + 1;
          const blockedUntil =
            attempts >= max
              ? new Date(
                  now.getTime() +
                    Math.min(delays.maxDelaySeconds, delays.baseDelaySeconds * 2 ** (attempts - max)) * 1000,
                )
              : null;
          await tx
            .update(loginThrottle)
            .set({
              attempts,
              maxAttempts: max,
              windowStartedAt: windowPassed ? now : row.windowStartedAt,
              blockedUntil,
            })
            .where(eq(loginThrottle.key, row.key));
        }
        return { blocked: [] };
      });
    },

    /**
     * A successful sign-in: its own username-and-address counter starts again, and the attempt
     * counted against the shared counters is given back (their blocks, set by others, stay).
     */
    async attemptSucceeded(pairKey: string, sharedKeys: string[]): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, pairKey));
      if (sharedKeys.length > 0) {
        await db
          .update(loginThrottle)
          .set({ attempts: sql`greatest(${loginThrottle.attempts} - 1, 0)` })
          .where(inArray(loginThrottle.key, sharedKeys));
      }
    },

    async isKnownAddress(usernameKey: string, address: string): Promise<boolean> {
      const [row] = await db
        .select({ address: loginKnownAddresses.address })
        .from(loginKnownAddresses)
        .where(
          and(eq(loginKnownAddresses.usernameKey, usernameKey), eq(loginKnownAddresses.address, address)),
        )
        .limit(1);
      return row !== undefined;
    },

    async rememberAddress(usernameKey: string, address: string, now: Date): Promise<void> {
      await db
        .insert(loginKnownAddresses)
        .values({ usernameKey, address, lastSuccessAt: now })
        .onConflictDoUpdate({
          target: [loginKnownAddresses.usernameKey, loginKnownAddresses.address],
          set: { lastSuccessAt: now },
        });
    },

    /** Throttle counters idle for a window, and addresses unused for `knownFor`, are forgotten. */
    async purgeLoginRecords(now: Date, windowSeconds: number, knownForMs: number): Promise<void> {
      await db
        .delete(loginThrottle)
        .where(
          and(
            lt(loginThrottle.windowStartedAt, new Date(now.getTime() - windowSeconds * 1000)),
            sql`(${loginThrottle.blockedUntil} is null or ${loginThrottle.blockedUntil} < ${now})`,
          ),
        );
      await db
        .delete(loginKnownAddresses)
        .where(lt(loginKnownAddresses.lastSuccessAt, new Date(now.getTime() - knownForMs)));
    },
  };
}

export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
