import { randomBytes } from 'node:crypto';
import type { DeviceToken, DeviceTokenCreated, DeviceTokenCreateInput } from '@vigil/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceTokens } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { hashToken } from '../auth/service.ts';

/** Prefix so a leaked token is recognisable (secret scanners, logs). */
const TOKEN_PREFIX = 'vgl_dev_';
const DAY_MS = 86_400_000;
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

type Row = typeof deviceTokens.$inferSelect;

const toDeviceToken = (r: Row): DeviceToken => ({
  id: r.id,
  patientId: r.patientId,
  label: r.label,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  revokedAt: r.revokedAt?.toISOString() ?? null,
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

/**
 * Device tokens: a bearer credential for one patient's readings, for the bridge and devices that
 * have no session. Shown once, stored as SHA-256, expiring, revocable.
 */
export function createDeviceTokenService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  // Every device request looks its token up: prepared once, not built and planned each time.
  const findByHash = db
    .select()
    .from(deviceTokens)
    .where(eq(deviceTokens.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('device_tokens_find_by_hash');
  return {
    async issue(input: DeviceTokenCreateInput, userId: number): Promise<DeviceTokenCreated> {
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const now = clock.now();
      const [row] = await db
        .insert(deviceTokens)
        .values({
          patientId: input.patientId,
          tokenHash: hashToken(token),
          label: input.label,
          createdAt: now,
          createdBy: userId,
          expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
        })
        .returning();
      return { ...toDeviceToken(row!), token };
    },

    async list(patientId: number): Promise<DeviceToken[]> {
      const rows = await db
        .select()
        .from(deviceTokens)
        .where(eq(deviceTokens.patientId, patientId))
        .orderBy(desc(deviceTokens.createdAt));
      return rows.map(toDeviceToken);
    },

    async revoke(id: number): Promise<DeviceToken> {
      const [row] = await db
        .update(deviceTokens)
        // Revoking again keeps the first revocation time: it is when the token stopped working.
        .set({ revokedAt: sql`coalesce(${deviceTokens.revokedAt}, ${clock.now()})` })
        .where(eq(deviceTokens.id, id))
        .returning();
      if (!row) throw notFound('Device token not found', 'DEVICE_TOKEN_NOT_FOUND');
      return toDeviceToken(row);
    },

    /** The token's scope when it is valid now; null when unknown, expired or revoked. */
    async verify(token: string): Promise<{ tokenId: number; patientId: number } | null> {
      if (!token.startsWith(TOKEN_PREFIX)) return null;
      const [row] = await findByHash.execute({ hash: hashToken(token) });
      const now = clock.now();
      if (!row || row.revokedAt || row.expiresAt <= now) return null;
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_WRITE_INTERVAL_MS) {
        await db.update(deviceTokens).set({ lastUsedAt: now }).where(eq(deviceTokens.id, row.id));
      }
      return { tokenId: row.id, patientId: row.patientId };
    },
  };
}

export type DeviceTokenService = ReturnType<typeof createDeviceTokenService>;
