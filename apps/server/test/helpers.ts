import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { manualClock } from '../src/lib/clock.ts';
import type { LoginThrottleOptions } from '../src/modules/auth/service.ts';

/** Set by .ci/run to run the same suite against PostgreSQL; PGlite (in memory) otherwise. */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export const usingPostgres = TEST_DATABASE_URL !== undefined;

/** The migrated database every PGlite test database starts from (support/database-template.ts). */
let template: Blob | undefined;
function migratedTemplate(): Blob {
  const file = inject('serverDatabaseTemplate');
  if (!file) throw new Error('The server tests on PGlite need their global set-up (vitest.config.ts)');
  template ??= new Blob([readFileSync(file)]);
  return template;
}

/** The migrated database every PostgreSQL test database copies (support/database-template.ts). */
function postgresTemplate(): string {
  const name = inject('serverPostgresTemplate');
  if (!name) throw new Error('The server tests on PostgreSQL need their global set-up (vitest.config.ts)');
  return name;
}

/** PostgreSQL's "source database is being accessed by other users" (object_in_use). */
const OBJECT_IN_USE = '55006';

/**
 * CREATE DATABASE `name` as a copy of the run's migrated template. PostgreSQL refuses to copy a
 * database while any session is connected to it. Nothing in the tests connects to the template
 * once the global set-up has migrated it, and two workers copying it at once is allowed, so this
 * should not happen; should a connection still be closing, the copy is tried again a few times
 * after a short wait rather than failing the test file.
 */
async function createFromTemplate(admin: pg.Client, name: string) {
  const template = postgresTemplate();
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** A fresh, migrated database of its own: PGlite in memory, or a new PostgreSQL database dropped afterwards. */
export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    const database = await openDatabase({ inMemory: true, from: migratedTemplate() });
    // Nothing left to apply (about 3 ms), unless a migration was added after the template was made:
    // `vitest` in watch mode keeps its global set-up across reruns.
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `vigil_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await createFromTemplate(admin, name);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  // As on PGlite: nothing left to apply, unless a migration was added after the template was made.
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/** The public routes' rate limit in API tests (a person's ward PC makes a few requests a minute). */
export const TEST_PUBLIC_RATE_LIMIT = '100000';

export interface TestAppOptions {
  env?: Record<string, string>;
  loginThrottle?: Partial<LoginThrottleOptions>;
  registerPerMinute?: number;
  /** false: no Bulk Data export worker (the test drains the queue itself). */
  exportWorker?: boolean;
}

export async function createTestApp(options: TestAppOptions = {}) {
  const { database, drop } = await createTestDatabase();
  const clock = manualClock(new Date('2026-03-02T08:00:00Z'));
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST: '/nonexistent-web-dist',
    // Suites sign in and probe public routes from one address far more often than a person would;
    // the rate limit's own tests set theirs (public-limits.test.ts).
    PUBLIC_RATE_LIMIT_PER_MINUTE: TEST_PUBLIC_RATE_LIMIT,
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    clock,
    logger: false,
    ...(options.loginThrottle ? { loginThrottle: options.loginThrottle } : {}),
    registerPerMinute: options.registerPerMinute ?? 1000,
    // Tests sweep device-link leases themselves (app.services.deviceLinks.sweep) on the manual clock.
    deviceSweep: false,
    alertTimers: false,
    readingStorage: false,
    ...(options.exportWorker === false ? { exportWorker: false } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    /** A request as `who` (their session cookie), with `payload` as its JSON body when given. */
    as: (who: { cookie: string }, method: string, url: string, payload?: unknown) =>
      app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: who.cookie },
        ...(payload !== undefined ? { payload: payload as object } : {}),
      }),
    /** The `n` of a `select count(*)::int as n …` query. */
    async count(query: SQL): Promise<number> {
      const result = await database.db.execute(query);
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let counter = 0;
/** A unique, valid username for this test run. */
export const uniqueUsername = (prefix = 'nurse') =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export const PASSWORD = 'correct horse battery';

/** The `name=value` pair of the Set-Cookie header, ready for a Cookie header. */
/** The session cookie (`name=value`) among a response's Set-Cookie headers. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const session = [setCookie ?? []].flat().find((c) => /^(__Host-)?vigil_session=/.test(c));
  if (!session) throw new Error('no session Set-Cookie header');
  return session.split(';')[0]!;
}
