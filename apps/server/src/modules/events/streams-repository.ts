import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventStreams } from './schema.ts';

/**
 * With the user's id, the advisory lock one stream opening per user holds (pg_advisory_xact_lock's
 * two-key form, apart from the one-key locks elsewhere).
 */
const OPEN_LOCK_KEY = 7_314_163;

/**
 * Open event streams per user, in the database so the cap holds across instances. Each instance
 * refreshes its streams' rows while they are open; a row not refreshed for `staleMs` (its instance
 * died) no longer counts.
 */
export function createStreamsRepository(db: Db, staleMs: number) {
  return {
    /** Registers a new stream unless the user has `cap` open; null when at the cap. */
    async open(userId: number, cap: number, now: Date): Promise<string | null> {
      return db.transaction(async (tx) => {
        // One opening at a time per user: the count and the insert cannot interleave. A lock of this
        // module's own, not the user's row (another module's, decision 041), and so not one that
        // waits on every change of the account.
        await tx.execute(
          sql`select pg_advisory_xact_lock(${sql.raw(String(OPEN_LOCK_KEY))}, ${userId}::int)`,
        );
        await tx
          .delete(eventStreams)
          .where(
            and(
              eq(eventStreams.userId, userId),
              lt(eventStreams.heartbeatAt, new Date(now.getTime() - staleMs)),
            ),
          );
        const [row] = await tx
          .select({ open: count() })
          .from(eventStreams)
          .where(eq(eventStreams.userId, userId));
        if ((row?.open ?? 0) >= cap) return null;
        const id = randomUUID();
        await tx.insert(eventStreams).values({ id, userId, openedAt: now, heartbeatAt: now });
        return id;
      });
    },

    async heartbeat(ids: string[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.update(eventStreams).set({ heartbeatAt: now }).where(inArray(eventStreams.id, ids));
    },

    async close(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(eventStreams).where(inArray(eventStreams.id, ids));
    },
  };
}

export type StreamsRepository = ReturnType<typeof createStreamsRepository>;
