import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smartAccessTokens, smartAssertionJtis, smartClients } from './schema.ts';

export type SmartClientRow = typeof smartClients.$inferSelect;

export function createSmartRepository(db: Db) {
  return {
    insertClient: async (row: Omit<typeof smartClients.$inferInsert, 'id'>): Promise<SmartClientRow> =>
      (await db.insert(smartClients).values(row).returning())[0]!,
    list: () => db.select().from(smartClients).orderBy(asc(smartClients.id)),
    byClientId: async (clientId: string): Promise<SmartClientRow | undefined> =>
      (await db.select().from(smartClients).where(eq(smartClients.clientId, clientId)))[0],
    byId: async (id: number): Promise<SmartClientRow | undefined> =>
      (await db.select().from(smartClients).where(eq(smartClients.id, id)))[0],
    update: async (id: number, changes: Partial<typeof smartClients.$inferInsert>) =>
      (await db.update(smartClients).set(changes).where(eq(smartClients.id, id)).returning())[0],

    /** Records an assertion's jti; false when the client already used it (a replay). */
    async useJti(clientId: string, jti: string, expiresAt: Date): Promise<boolean> {
      const inserted = await db
        .insert(smartAssertionJtis)
        .values({ clientId, jti, expiresAt })
        .onConflictDoNothing()
        .returning({ jti: smartAssertionJtis.jti });
      return inserted.length === 1;
    },

    /** Ends every access token of a client (it was disabled). */
    deleteTokens: async (clientId: string) => {
      await db.delete(smartAccessTokens).where(eq(smartAccessTokens.clientId, clientId));
    },
    insertToken: async (row: typeof smartAccessTokens.$inferInsert) => {
      await db.insert(smartAccessTokens).values(row);
    },
    token: async (tokenHash: string, now: Date) =>
      (
        await db
          .select({ token: smartAccessTokens, client: smartClients })
          .from(smartAccessTokens)
          .innerJoin(smartClients, eq(smartClients.clientId, smartAccessTokens.clientId))
          .where(and(eq(smartAccessTokens.tokenHash, tokenHash), gt(smartAccessTokens.expiresAt, now)))
      )[0],

    async purge(now: Date) {
      await db.delete(smartAccessTokens).where(lt(smartAccessTokens.expiresAt, now));
      await db.delete(smartAssertionJtis).where(lt(smartAssertionJtis.expiresAt, now));
    },
  };
}

export type SmartRepository = ReturnType<typeof createSmartRepository>;
