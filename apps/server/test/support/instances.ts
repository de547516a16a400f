import type { AppDeps } from '../../src/app.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { createTestDatabase, TEST_PUBLIC_RATE_LIMIT } from '../helpers.ts';

/**
 * Listening servers, for tests whose requests must travel over HTTP (event streams, what reaches
 * another instance): each runs its background work as main.ts does, on a free loopback port.
 */
export type InstanceOptions = Pick<AppDeps, 'pingIntervalMs' | 'maxStreamsPerUser'>;

/** A server on `database`, listening. */
export async function startInstance(database: Database, options: InstanceOptions = {}) {
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      WEB_DIST: '/none',
      PUBLIC_RATE_LIMIT_PER_MINUTE: TEST_PUBLIC_RATE_LIMIT,
    }),
    database,
    logger: false,
    registerPerMinute: 1000,
    ...options,
  });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

export type Instance = Awaited<ReturnType<typeof startInstance>>;

/** A server on a database of its own; `close` stops it and drops the database. */
export async function startServer(options: InstanceOptions = {}) {
  const ctx = await createTestDatabase();
  const server = await startInstance(ctx.database, options);
  return {
    ...server,
    async close() {
      await server.app.close();
      await ctx.drop();
    },
  };
}

/**
 * Two servers on one PostgreSQL database, each with its own pool, as two instances behind a load
 * balancer: what one does reaches the other by NOTIFY. `close` stops both and drops the database.
 */
export async function startTwoInstances(options: InstanceOptions = {}) {
  const ctx = await createTestDatabase();
  const one = await startInstance(ctx.database, options);
  const secondDb = await openDatabase({ databaseUrl: ctx.database.connectionString! });
  const two = await startInstance(secondDb, options);
  return {
    one,
    two,
    async close() {
      await two.app.close();
      await secondDb.close();
      await one.app.close();
      await ctx.drop();
    },
  };
}
