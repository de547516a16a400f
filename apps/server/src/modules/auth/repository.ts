import type { AccountStatus, Role } from '@vigil/domain';
import { and, asc, count, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors.ts';
import { joinTheOnlyWard } from '../wards/member-writer.ts';
import { wardIdsOf } from '../wards/reader.ts';
import { sessions, users } from './schema.ts';

export interface UserRow {
  id: number;
  username: string;
  password: string;
  role: Role;
  status: AccountStatus;
  mustChangePassword: boolean;
}

export type AccountRow = Omit<UserRow, 'password'> & { lastSignInAt: Date | null; createdAt: Date };

/** Taken while the first account is created, so two first registrations cannot both be administrators. */
const FIRST_ACCOUNT_LOCK_KEY = 7_314_161;
/** Taken while an account's role or status changes, so the last active administrator stays one. */
const ADMINISTRATORS_LOCK_KEY = 7_314_162;

export interface SessionWithUser {
  id: string;
  userId: number;
  username: string;
  role: Role;
  status: AccountStatus;
  mustChangePassword: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  persistent: boolean;
  /** The wards the person works on (decision 035), read with the session. */
  wardIds: number[];
}

const userColumns = {
  id: users.id,
  username: users.username,
  password: users.password,
  role: users.role,
  status: users.status,
  mustChangePassword: users.mustChangePassword,
};

const accountColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  status: users.status,
  mustChangePassword: users.mustChangePassword,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
};

export function createAuthRepository(db: Db) {
  // Every signed-in request looks its session up: prepared once, not built and planned each time.
  const findSessionQuery = db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      username: users.username,
      role: users.role,
      status: users.status,
      mustChangePassword: users.mustChangePassword,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      persistent: sessions.persistent,
      wardIds: wardIdsOf(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_find_session');

  return {
    async findUserByKey(usernameKey: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select(userColumns)
        .from(users)
        .where(eq(users.usernameKey, usernameKey))
        .limit(1);
      return row;
    },

    async findUserById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /**
     * Inserts a user with `role` and `status`, except that the first account of an empty database
     * is an active administrator; returns null when the username key is taken.
     */
    async insertUser(
      username: string,
      usernameKey: string,
      usernameSkeleton: string,
      passwordHash: string,
      account: { role: Role; status: AccountStatus; mustChangePassword?: boolean },
    ): Promise<Omit<UserRow, 'password'> | 'taken' | 'confusable'> {
      try {
        return await db.transaction(async (tx) => {
          // Registrations one at a time: the first-account and look-alike checks see each other.
          await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(FIRST_ACCOUNT_LOCK_KEY))})`);
          const [any] = await tx.select({ id: users.id }).from(users).limit(1);
          const [lookAlike] = await tx
            .select({ key: users.usernameKey })
            .from(users)
            .where(eq(users.usernameSkeleton, usernameSkeleton))
            .limit(1);
          if (lookAlike) return lookAlike.key === usernameKey ? ('taken' as const) : ('confusable' as const);
          const values = any ? account : { role: 'administrator' as const, status: 'active' as const };
          const [row] = await tx
            .insert(users)
            .values({ username, usernameKey, usernameSkeleton, password: passwordHash, ...values })
            .returning({
              id: users.id,
              username: users.username,
              role: users.role,
              status: users.status,
              mustChangePassword: users.mustChangePassword,
            });
          await joinTheOnlyWard(tx, row!.id);
          return row!;
        });
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) return 'taken';
        throw error;
      }
    },

    /** Every account's name and the skeleton stored for it (null for accounts from before skeletons). */
    skeletons: (): Promise<{ id: number; username: string; skeleton: string | null }[]> =>
      db.select({ id: users.id, username: users.username, skeleton: users.usernameSkeleton }).from(users),

    async setSkeleton(id: number, skeleton: string): Promise<void> {
      await db.update(users).set({ usernameSkeleton: skeleton }).where(eq(users.id, id));
    },

    async listAccounts(): Promise<AccountRow[]> {
      return db.select(accountColumns).from(users).orderBy(asc(users.username));
    },

    async getAccount(id: number): Promise<AccountRow | undefined> {
      const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async updateAccount(
      id: number,
      patch: Partial<Pick<typeof users.$inferInsert, 'role' | 'status' | 'mustChangePassword' | 'password'>>,
    ): Promise<AccountRow | undefined> {
      const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning(accountColumns);
      return row;
    },

    /**
     * Changes an account's role or status unless that leaves no active administrator: the count and
     * the change in one transaction under a transaction-scoped advisory lock, so concurrent changes
     * are checked one after another, each against the committed state of the one before.
     */
    async updateAccountKeepingAdministrator(
      id: number,
      patch: Partial<Pick<typeof users.$inferInsert, 'role' | 'status'>>,
    ): Promise<
      | { outcome: 'updated'; before: AccountRow; after: AccountRow }
      | { outcome: 'not-found' }
      | { outcome: 'last-administrator' }
    > {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(ADMINISTRATORS_LOCK_KEY))})`);
        const [before] = await tx.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
        if (!before) return { outcome: 'not-found' as const };
        const isActiveAdministrator = (a: { role: Role; status: AccountStatus }) =>
          a.role === 'administrator' && a.status === 'active';
        if (isActiveAdministrator(before) && !isActiveAdministrator({ ...before, ...patch })) {
          const [row] = await tx
            .select({ n: count() })
            .from(users)
            .where(and(eq(users.role, 'administrator'), eq(users.status, 'active')));
          if ((row?.n ?? 0) <= 1) return { outcome: 'last-administrator' as const };
        }
        const [after] = await tx.update(users).set(patch).where(eq(users.id, id)).returning(accountColumns);
        return { outcome: 'updated' as const, before, after: after! };
      });
    },

    async countActiveAdministrators(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'administrator'), eq(users.status, 'active')));
      return row?.n ?? 0;
    },

    async setLastSignIn(id: number, at: Date): Promise<void> {
      await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, id));
    },

    /** Ends a user's sessions, all of them or all but one. */
    async deleteSessionsOf(userId: number, exceptId: string | null): Promise<void> {
      await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), exceptId ? ne(sessions.id, exceptId) : undefined));
    },

    async insertSession(
      session: Omit<SessionWithUser, 'username' | 'role' | 'status' | 'mustChangePassword' | 'wardIds'>,
    ): Promise<void> {
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
