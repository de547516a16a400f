import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './lock.ts';
import type { Run, Statement } from './prepared.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DbDriver;
  /**
   * Applies the committed drizzle-kit migrations (idempotent); says how many it applied (0 when the
   * database was up to date, as on every instance but the first of several started together).
   */
  migrate(): Promise<number>;
  /**
   * A transaction of hand-written statements (db/prepared.ts), for hot paths: committed when `fn`
   * resolves, rolled back when it throws.
   */
  transaction<T>(fn: (run: Run) => Promise<T>): Promise<T>;
  /** One hand-written statement on its own (its own transaction). */
  run: Run;
  /** Cheap liveness probe for /api/health. */
  ping(): Promise<boolean>;
  /**
   * Calls `listener` when the database ends a connection this process held or does not answer a
   * ping (PostgreSQL restarted or went away): what was answered from memory must be read again, and
   * so fail while it is down.
   */
  onConnectionLost(listener: () => void): void;
  close(): Promise<void>;
  /** PostgreSQL only: where a dedicated LISTEN connection connects. */
  connectionString?: string;
  /** PostgreSQL only: the pool's connections and the queries waiting for one (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}

const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
// Arbitrary constant key so concurrent instances migrate one at a time.
const MIGRATION_LOCK_KEY = 7_314_159;
const POOL_MAX = 20;

/**
 * The time drizzle-kit gave the last migration of this build (its journal's `when`), which the
 * migrator records as `created_at` in `drizzle.__drizzle_migrations` once it is applied.
 */
export function latestMigrationAt(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** Migrations recorded as applied (none before the first migration made the table). */
const APPLIED_MIGRATIONS = `select count(*)::int as n from drizzle.__drizzle_migrations`;
async function appliedMigrations(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<number> {
  try {
    return ((await query(APPLIED_MIGRATIONS)).rows[0] as { n: number }).n;
  } catch {
    return 0;
  }
}

/**
 * Where the database is: PostgreSQL, embedded PGlite in a folder, or embedded in memory (`from`: a
 * `dumpDataDir` tarball to start from instead of an empty cluster, which spares PGlite's initdb).
 */
export type DatabaseOptions = { databaseUrl: string } | { dataDir: string } | { inMemory: true; from?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl);
  if ('dataDir' in options) return openPglite(options.dataDir);
  return openPglite(undefined, options.from);
}

/** PGlite ignores statement names: it is one connection in this process, and plans are cheap. */
const runOnPglite =
  (q: Pick<PGlite, 'query'>): Run =>
  async <Row>(st: Statement, params: unknown[]) =>
    (await q.query<Row>(st.text, params)).rows;

/** Named: prepared once per connection, then only bound and executed. */
const runOnPg =
  (q: pg.Pool | pg.PoolClient): Run =>
  async <Row>(st: Statement, params: unknown[]) =>
    (await q.query({ name: st.name, text: st.text, values: params })).rows as Row[];

async function openPglite(dataDir: string | undefined, from?: Blob): Promise<Database> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  let client: PGlite;
  try {
    client = dataDir ? await PGlite.create(dataDir) : await PGlite.create(from ? { loadDataDir: from } : {});
  } catch (error) {
    release();
    throw error;
  }
  // PGlite is a single connection: drizzle queues queries on it, so access is serialised.
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      const before = await appliedMigrations((text) => client.query(text));
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      return (await appliedMigrations((text) => client.query(text))) - before;
    },
    transaction: (fn) => client.transaction((tx) => fn(runOnPglite(tx))),
    run: runOnPglite(client),
    // The embedded database is this process: it goes away only with it.
    onConnectionLost: () => {},
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      release();
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_MAX, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection (e.g. PostgreSQL restart) must not crash the process.
  const lostListeners: (() => void)[] = [];
  const connectionLost = () => {
    for (const listener of lostListeners) listener();
  };
  pool.on('error', connectionLost);
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    driver: 'postgres',
    connectionString: databaseUrl,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        // Counted under the lock: of several instances started together, one applies them all.
        const before = await appliedMigrations((text) => client.query(text));
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        return (await appliedMigrations((text) => client.query(text))) - before;
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      // A checked-out client has no listener of the pool's: PostgreSQL going away mid-transaction
      // would otherwise be an uncaught 'error' (the process's end). The transaction's own query
      // fails with it; the connection is discarded.
      const lost = (error: Error) => {
        broken = error;
        connectionLost();
      };
      client.on('error', lost);
      try {
        await client.query('begin');
        const result = await fn(runOnPg(client));
        await client.query('commit');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is discarded rather than returned to the pool.
        await client.query('rollback').catch((e: Error) => {
          broken = e;
        });
        throw error;
      } finally {
        client.off('error', lost);
        client.release(broken);
      }
    },
    run: runOnPg(pool),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_MAX,
    }),
    onConnectionLost: (listener) => {
      lostListeners.push(listener);
    },
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        connectionLost();
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
