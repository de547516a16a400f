import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { people } from '../auth/reader.ts';
import { bridgePairings } from './schema.ts';

/** Who a pairing was issued to. */
const person = people('person');

export function createBridgeRepository(db: Db) {
  return {
    async insertPairing(pairing: { tokenHash: string; userId: number; createdAt: Date; expiresAt: Date }) {
      await db.insert(bridgePairings).values(pairing);
    },

    /**
     * Uses a pairing token: marks it used, once, if it is unused and unexpired, and returns who it
     * was issued to; undefined otherwise. One statement, so two bridges cannot both use it.
     */
    async usePairing(tokenHash: string, now: Date) {
      const [used] = await db
        .update(bridgePairings)
        .set({ usedAt: now })
        .where(
          and(
            eq(bridgePairings.tokenHash, tokenHash),
            isNull(bridgePairings.usedAt),
            gt(bridgePairings.expiresAt, now),
          ),
        )
        .returning({ userId: bridgePairings.userId, expiresAt: bridgePairings.expiresAt });
      if (!used) return undefined;
      const [user] = await db.select().from(person).where(eq(person.id, used.userId));
      return user && { user, expiresAt: used.expiresAt };
    },

    async purgePairings(before: Date) {
      await db.delete(bridgePairings).where(lt(bridgePairings.expiresAt, before));
    },
  };
}

export type BridgeRepository = ReturnType<typeof createBridgeRepository>;
