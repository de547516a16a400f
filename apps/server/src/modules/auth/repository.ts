import type { AccountStatus, Role } from '@vigil/domain';
import { and, asc, count, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors.ts';
import { loginKnownAddresses, loginThrottle, sessions, users } from '../../db/schema.ts';

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
}

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
      passwordHash: string,
      account: { role: Role; status: AccountStatus },
    ): Promise<Omit<UserRow, 'password'> | null> {
      try {
        return await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(FIRST_ACCOUNT_LOCK_KEY))})`);
          const [any] = await tx.select({ id: users.id }).from(users).limit(1);
          const values = any ? account : { role: 'administrator' as const, status: 'active' as const };
          const [row] = await tx
            .insert(users)
            .values({ username, usernameKey, password: passwordHash, ...values })
            .returning({
              id: users.id,
              username: users.username,
              role: users.role,
              status: users.status,
              mustChangePassword: users.mustChangePassword,
            });
          return row ?? null;
        });
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) return null;
        throw error;
      }
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
      session: Omit<SessionWithUser, 'username' | 'role' | 'status' | 'mustChangePassword'>,
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

    /**
     * Counts one attempt against each key, atomically, before any password is checked: a key that
     * is blocked is not counted and comes back in `blocked`. A key whose count reaches its limit is
     * blocked from now for a delay that doubles with each attempt past the limit; the window of a
     * key starts again once it has passed. Concurrent attempts queue on the key's row, so a burst
     * of guesses cannot all pass a check made before any of them was counted.
     */
    async countAttempt(
      keys: ThrottleKey[],
      now: Date,
      delays: ThrottleDelays,
    ): Promise<{ blocked: { key: string; blockedUntil: Date }[] }> {
      const windowStart = new Date(now.getTime() - delays.windowSeconds * 1000);
      const values = sql.join(
        keys.map((k) => sql`(${k.key}, ${k.maxAttempts}::int)`),
        sql`, `,
      );
      // The attempt number after this one: 1 when the window has passed.
      const next = sql`(case when t.window_started_at <= ${windowStart} then 1 else t.attempts + 1 end)`;
      const counted = await db.execute<{ key: string }>(sql`
        insert into ${loginThrottle} as t (key, attempts, max_attempts, window_started_at, blocked_until)
        select v.key, 1, v.max_attempts, ${now},
          case when v.max_attempts <= 1 then ${now}::timestamptz + make_interval(secs => ${delays.baseDelaySeconds})
          end
        from (values ${values}) as v(key, max_attempts)
        on conflict (key) do update set
          attempts = ${next},
          max_attempts = excluded.max_attempts,
          window_started_at = case when t.window_started_at <= ${windowStart} then ${now} else t.window_started_at end,
          blocked_until = case when ${next} >= excluded.max_attempts
            then ${now}::timestamptz + make_interval(secs => least(${delays.maxDelaySeconds}::float8,
              ${delays.baseDelaySeconds}::float8 * power(2, ${next} - excluded.max_attempts)))
            end
        where t.blocked_until is null or t.blocked_until <= ${now}
        returning t.key`);
      const countedKeys = new Set(rowsOf<{ key: string }>(counted).map((r) => r.key));
      const refused = keys.filter((k) => !countedKeys.has(k.key)).map((k) => k.key);
      if (refused.length === 0) return { blocked: [] };
      const rows = await db
        .select({ key: loginThrottle.key, blockedUntil: loginThrottle.blockedUntil })
        .from(loginThrottle)
        .where(inArray(loginThrottle.key, refused));
      return {
        blocked: rows.map((r) => ({ key: r.key, blockedUntil: r.blockedUntil ?? now })),
      };
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

/** Rows of `db.execute`, whichever driver answered (node-postgres and PGlite both use `rows`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
