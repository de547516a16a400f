import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors.ts';
import { sessions, users } from '../../db/schema.ts';

export interface UserRow {
  id: number;
  username: string;
  password: string;
}

export interface SessionWithUser {
  id: string;
  userId: number;
  username: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  persistent: boolean;
}

export function createAuthRepository(db: Db) {
  // Every signed-in request looks its session up: prepared once, not built and planned each time.
  const findSessionQuery = db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      username: users.username,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      persistent: sessions.persistent,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_find_session');

  return {
    async findUserByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ id: users.id, username: users.username, password: users.password })
        .from(users)
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
        .limit(1);
      return row;
    },

    /** Inserts a user; returns null when the username (case-insensitively) is taken. */
    async insertUser(
      username: string,
      passwordHash: string,
    ): Promise<{ id: number; username: string } | null> {
      try {
        const [row] = await db
          .insert(users)
          .values({ username, password: passwordHash })
          .returning({ id: users.id, username: users.username });
        return row ?? null;
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) return null;
        throw error;
      }
    },

    async insertSession(session: Omit<SessionWithUser, 'username'>): Promise<void> {
      await db.insert(sessions).values(session);
    },

    async findSession(id: string): Promise<SessionWithUser | undefined> {
      const [row] = await findSessionQuery.execute({ id });
      return row;
    },

    async touchSession(id: string, lastSeenAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, id));
    },

    async deleteSession(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
