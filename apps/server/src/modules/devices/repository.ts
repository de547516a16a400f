import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Run, runOn } from '../../db/prepared.ts';
import { deviceTokens } from './schema.ts';

export type DeviceTokenRow = typeof deviceTokens.$inferSelect;
export type NewDeviceToken = Omit<typeof deviceTokens.$inferInsert, 'id'>;
/** What else a change that ends a family's tokens does in its transaction (records that it did). */
export type TokensEnded = (run: Run, familyId: number) => Promise<void>;

export function createDeviceTokenRepository(db: Db) {
  // Every device request looks its token up: prepared once, not built and planned each time.
  const findByHash = db
    .select()
    .from(deviceTokens)
    .where(eq(deviceTokens.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('device_tokens_find_by_hash');

  return {
    async insert(token: NewDeviceToken): Promise<DeviceTokenRow> {
      const [row] = await db.insert(deviceTokens).values(token).returning();
      return row!;
    },

    listForPatient: (patientId: number): Promise<DeviceTokenRow[]> =>
      db
        .select()
        .from(deviceTokens)
        .where(eq(deviceTokens.patientId, patientId))
        .orderBy(desc(deviceTokens.createdAt)),

    async get(id: number): Promise<DeviceTokenRow | undefined> {
      const [row] = await db.select().from(deviceTokens).where(eq(deviceTokens.id, id)).limit(1);
      return row;
    },

    async findByHash(hash: string): Promise<DeviceTokenRow | undefined> {
      const [row] = await findByHash.execute({ hash });
      return row;
    },

    /**
     * Revokes a token and every token of its family (rotated from the same first token); revoking
     * again keeps the first time (when it stopped working). The family's first row is locked first,
     * as a rotation locks it, so a rotation committing meanwhile is either refused or its new token
     * is among those revoked (the update reads the family after the lock). `ended` runs in the
     * same transaction.
     */
    async revokeFamily(
      id: number,
      now: Date,
      ended: TokensEnded,
    ): Promise<{ token: DeviceTokenRow; familyRevoked: number } | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(deviceTokens).where(eq(deviceTokens.id, id)).limit(1);
        if (!row) return undefined;
        const family = row.familyId ?? row.id;
        await tx
          .select({ id: deviceTokens.id })
          .from(deviceTokens)
          .where(eq(deviceTokens.id, family))
          .for('update');
        const revoked = await tx
          .update(deviceTokens)
          .set({ revokedAt: sql`coalesce(${deviceTokens.revokedAt}, ${now})` })
          .where(or(eq(deviceTokens.id, family), eq(deviceTokens.familyId, family)))
          .returning();
        await ended(runOn(tx), family);
        return { token: revoked.find((r) => r.id === id)!, familyRevoked: revoked.length - 1 };
      });
    },

    async touch(id: number, now: Date): Promise<void> {
      await db.update(deviceTokens).set({ lastUsedAt: now }).where(eq(deviceTokens.id, id));
    },

    /**
     * Replaces a token by a new one of its family, once: in one transaction the family's first row
     * is locked (as a revocation locks it), the old token ends unless it already ended (replaced,
     * revoked or expired), and the new one is inserted. Undefined when the old one had ended: a
     * second rotation of one token gives nothing. `ended` runs in the same transaction when the old
     * token ended.
     */
    async rotate(
      oldId: number,
      next: NewDeviceToken,
      now: Date,
      ended: TokensEnded,
    ): Promise<DeviceTokenRow | undefined> {
      return db.transaction(async (tx) => {
        const [old] = await tx.select().from(deviceTokens).where(eq(deviceTokens.id, oldId)).limit(1);
        if (!old) return undefined;
        const family = old.familyId ?? old.id;
        await tx
          .select({ id: deviceTokens.id })
          .from(deviceTokens)
          .where(eq(deviceTokens.id, family))
          .for('update');
        const [replaced] = await tx
          .update(deviceTokens)
          .set({ replacedAt: now })
          .where(
            and(
              eq(deviceTokens.id, oldId),
              isNull(deviceTokens.replacedAt),
              isNull(deviceTokens.revokedAt),
              gt(deviceTokens.expiresAt, now),
            ),
          )
          .returning({ id: deviceTokens.id });
        if (!replaced) return undefined;
        const [row] = await tx
          .insert(deviceTokens)
          .values({ ...next, familyId: family })
          .returning();
        await ended(runOn(tx), family);
        return row!;
      });
    },
  };
}

export type DeviceTokenRepository = ReturnType<typeof createDeviceTokenRepository>;
