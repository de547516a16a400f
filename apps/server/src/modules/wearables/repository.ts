import { and, desc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ReadingRow, readingRecords } from '../readings/reader.ts';
import { wearableAuthorizations, wearableConnections, wearableWebhookReceipts } from './schema.ts';

export type ConnectionRow = typeof wearableConnections.$inferSelect;
export type NewConnection = Omit<typeof wearableConnections.$inferInsert, 'id'>;
export type ConnectionPatch = Partial<NewConnection>;
export type PendingAuthorization = typeof wearableAuthorizations.$inferSelect;
export type WearableReadingRow = ReadingRow;

// The readings are the readings module's: read as its reader gives them (decision 041).
const vitalReadings = readingRecords('r');

/** The only place the wearables module touches the database. */
export function createWearableRepository(db: Db) {
  const active = (patientId: number) =>
    and(eq(wearableConnections.patientId, patientId), isNull(wearableConnections.endedAt));

  return {
    async savePending(row: PendingAuthorization, now: Date) {
      // Abandoned authorizations go as new ones start.
      await db.delete(wearableAuthorizations).where(lt(wearableAuthorizations.expiresAt, now));
      await db.insert(wearableAuthorizations).values(row);
    },

    /** Takes the pending authorization of a state: single use, whether or not it still matches. */
    /** Uses up the authorization of this state, only when it was started by this session. */
    async consumePending(stateHash: string, sessionId: string): Promise<PendingAuthorization | undefined> {
      const [row] = await db
        .delete(wearableAuthorizations)
        .where(
          and(
            eq(wearableAuthorizations.stateHash, stateHash),
            eq(wearableAuthorizations.sessionId, sessionId),
          ),
        )
        .returning();
      return row;
    },

    activeFor: async (patientId: number): Promise<ConnectionRow | undefined> =>
      (await db.select().from(wearableConnections).where(active(patientId)))[0],

    get: async (id: number): Promise<ConnectionRow | undefined> =>
      (await db.select().from(wearableConnections).where(eq(wearableConnections.id, id)))[0],

    activeForProviderUser: (provider: string, providerUserId: string): Promise<ConnectionRow[]> =>
      db
        .select()
        .from(wearableConnections)
        .where(
          and(
            eq(wearableConnections.provider, provider),
            eq(wearableConnections.providerUserId, providerUserId),
            isNull(wearableConnections.endedAt),
          ),
        ),

    /** Replaces the patient's active connection (a reconnect) with a new one, atomically. */
    async replaceActive(row: NewConnection): Promise<ConnectionRow> {
      return db.transaction(async (tx) => {
        await tx
          .update(wearableConnections)
          .set({
            endedAt: row.linkedAt,
            accessToken: null,
            refreshToken: null,
            endNote: 'replaced by a new authorization',
          })
          .where(active(row.patientId));
        const [created] = await tx.insert(wearableConnections).values(row).returning();
        return created!;
      });
    },

    async update(id: number, patch: ConnectionPatch): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .update(wearableConnections)
        .set(patch)
        .where(eq(wearableConnections.id, id))
        .returning();
      return row;
    },

    /**
     * Runs `fn` holding the connection's row lock (SELECT … FOR UPDATE): refreshes of one connection
     * are serialised across every instance, as WHOOP's rotating refresh tokens require. What `fn`
     * returns as a patch is written before the lock is released.
     */
    async withLocked<T>(
      id: number,
      fn: (row: ConnectionRow) => Promise<{ patch?: ConnectionPatch; result: T }>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(wearableConnections)
          .where(eq(wearableConnections.id, id))
          .for('update');
        if (!row) throw new Error('wearable connection is gone');
        const { patch, result } = await fn(row);
        if (patch) await tx.update(wearableConnections).set(patch).where(eq(wearableConnections.id, id));
        return result;
      });
    },

    /**
     * Claims the connections due for a poll: their next poll moves to `next` in the same statement,
     * so two instances never poll one connection at once.
     */
    claimDue: (now: Date, next: Date): Promise<ConnectionRow[]> =>
      db
        .update(wearableConnections)
        .set({ nextPollAt: next })
        .where(
          and(
            isNull(wearableConnections.endedAt),
            eq(wearableConnections.state, 'connected'),
            lte(wearableConnections.nextPollAt, now),
          ),
        )
        .returning(),

    /** Records a webhook delivery; false when it was already received (a replay). */
    async recordReceipt(signatureHash: string, now: Date, keepSince: Date): Promise<boolean> {
      await db.delete(wearableWebhookReceipts).where(lt(wearableWebhookReceipts.receivedAt, keepSince));
      const inserted = await db
        .insert(wearableWebhookReceipts)
        .values({ signatureHash, receivedAt: now })
        .onConflictDoNothing()
        .returning({ signatureHash: wearableWebhookReceipts.signatureHash });
      return inserted.length === 1;
    },

    /** The patient's newest reading from this connection type (the wearable card's vitals). */
    latestReading: async (
      patientId: number,
      connectionType: string,
    ): Promise<WearableReadingRow | undefined> =>
      (
        await db
          .select()
          .from(vitalReadings)
          .where(
            and(
              eq(vitalReadings.patientId, patientId),
              sql`lower(${vitalReadings.connectionType}) = lower(${connectionType})`,
            ),
          )
          .orderBy(desc(vitalReadings.readingTime))
          .limit(1)
      )[0],
  };
}

export type WearableRepository = ReturnType<typeof createWearableRepository>;
