import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceTokens } from '../../db/schema.ts';

export type DeviceTokenRow = typeof deviceTokens.$inferSelect;
export type NewDeviceToken = Omit<typeof deviceTokens.$inferInsert, 'id'>;

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

    /** Revokes a token; revoking again keeps the first time (when it stopped working). */
    async revoke(id: number, now: Date): Promise<DeviceTokenRow | undefined> {
      const [row] = await db
        .update(deviceTokens)
        .set({ revokedAt: sql`coalesce(${deviceTokens.revokedAt}, ${now})` })
        .where(eq(deviceTokens.id, id))
        .returning();
      return row;
    },

    async touch(id: number, now: Date): Promise<void> {
      await db.update(deviceTokens).set({ lastUsedAt: now }).where(eq(deviceTokens.id, id));
    },

    /**
     * Replaces a token by a new one of the same scope, in one transaction: the old one keeps
     * working until `oldUntil` (a sender that crashed before saving the new token can still send
     * and rotate again), then expires.
     */
    async rotate(oldId: number, next: NewDeviceToken, oldUntil: Date): Promise<DeviceTokenRow> {
      return db.transaction(async (tx) => {
        await tx
          .update(deviceTokens)
          .set({ expiresAt: sql`least(${deviceTokens.expiresAt}, ${oldUntil})` })
          .where(eq(deviceTokens.id, oldId));
        const [row] = await tx.insert(deviceTokens).values(next).returning();
        return row!;
      });
    },
  };
}

export type DeviceTokenRepository = ReturnType<typeof createDeviceTokenRepository>;
