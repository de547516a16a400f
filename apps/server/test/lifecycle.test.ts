import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { NOT_READY } from '../src/modules/system/service.ts';
import { createTestDatabase, usingPostgres } from './helpers.ts';
import { startPrivatePostgres } from './private-postgres.ts';
import { ofType, openSse } from './sse-client.ts';
import { admitPatient, recordReadings, signUp } from './support/factories.ts';

const TOKEN = 'lifecycle-metrics-token-0123456789';

/** A listening app on `database` (its metrics readable with TOKEN), as main.ts builds it. */
async function listening(database: Database) {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none', METRICS_TOKEN: TOKEN }),
    database,
    logger: false,
    registerPerMinute: 1000,
  });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

const readiness = async (url: string) => {
  const res = await fetch(`${url}/api/ready`);
  return { status: res.status, body: (await res.json()) as { status: string; reason: string | null } };
};

/** The requests the app is answering now, read from its metrics (the scrape itself is one). */
async function inFlight(url: string): Promise<number> {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).text();
  return Number(/^vigil_http_requests_in_flight (\d+)$/m.exec(text)?.[1]);
}

/**
 * A POST whose body arrives in two parts: in flight from its headers until `finish()` sends the
 * rest. Resolves `answer` with the status once answered.
 */
function postInTwoParts(url: string, path: string, cookie: string, body: unknown) {
  const bytes = Buffer.from(JSON.stringify(body));
  const half = Math.floor(bytes.length / 2);
  const target = new URL(path, url);
  const req = http.request(target, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'content-length': bytes.length },
  });
  const answer = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
  req.write(bytes.subarray(0, half));
  return {
    answer,
    finish: () => req.end(bytes.subarray(half)),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('readiness (GET /api/ready)', () => {
  it('says ready, and why not when the database has not had this version’s migrations', async () => {
    const ctx = await createTestDatabase();
    const { app, url } = await listening(ctx.database);
    cleanups.push(async () => {
      await app.close();
      await ctx.drop();
    });
    expect(await readiness(url)).toEqual({ status: 200, body: { status: 'ready', reason: null } });
    // As if an older build had migrated it: the newest migration is not recorded.
    await ctx.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    expect(await readiness(url)).toEqual({
      status: 503,
      body: { status: 'not-ready', reason: NOT_READY.migrationsBehind },
    });
    // Health is about this process and its database: still up.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });

  it('says the database does not answer while it is down, and ready again once it is back', async () => {
    const pg = await startPrivatePostgres();
    const database = await openDatabase({ databaseUrl: pg.url });
    await database.migrate();
    const { app, url } = await listening(database);
    cleanups.push(async () => {
      await app.close();
      await database.close();
      pg.destroy();
    });
    expect((await readiness(url)).body.status).toBe('ready');
    pg.stop();
    expect(await readiness(url)).toEqual({
      status: 503,
      body: { status: 'not-ready', reason: NOT_READY.databaseDown },
    });
    pg.start();
    // The pool reconnects on the next query; the LISTEN connection a second after it was lost.
    await vi.waitFor(async () => expect((await readiness(url)).body.status).toBe('ready'), {
      timeout: 15_000,
      interval: 100,
    });
  });
});

describe('a drain (SIGTERM, decision 032)', () => {
  it('answers as before while not ready, then hands its streams over and lets the request in flight finish', async () => {
    const ctx = await createTestDatabase();
    const { app, url } = await listening(ctx.database);
    cleanups.push(async () => {
      await app.close();
      await ctx.drop();
    });
    const { cookie } = await signUp(url);
    const patient = await admitPatient(url, cookie, { name: 'Drained Patient' });
    const sse = await openSse(`${url}/api/events`, { cookie });
    await sse.waitFor(ofType('stream-opened'));

    // A reading whose body is still arriving when the shutdown begins.
    const slow = postInTwoParts(url, '/api/device-readings', cookie, {
      patientId: patient.id,
      readingTime: new Date().toISOString(),
      heartRate: 81,
    });
    await vi.waitFor(async () => expect(await inFlight(url)).toBeGreaterThanOrEqual(3)); // stream, POST, scrape

    let isDrained = false;
    const drained = app.drain({ delayMs: 2000, timeoutMs: 30_000 }).then((unfinished) => {
      isDrained = true;
      return unfinished;
    });
    expect(await readiness(url)).toEqual({
      status: 503,
      body: { status: 'not-ready', reason: NOT_READY.shuttingDown },
    });
    // Not ready, but answering as before until the balancer has stopped sending: the stream too.
    await recordReadings(
      url,
      { cookie },
      { patientId: patient.id, readingTime: new Date().toISOString(), heartRate: 82 },
    );
    const ending = JSON.parse((await sse.waitFor(ofType('stream-ending'), 10_000)).data);
    expect(ending.data).toEqual({ reconnectWithinMs: 500 });
    const types = sse.messages.map((m) => JSON.parse(m.data).type);
    expect(types.indexOf('reading')).toBeLessThan(types.indexOf('stream-ending'));
    await sse.closed;

    // A stream asked for now is sent elsewhere.
    const refused = await fetch(`${url}/api/events`, { headers: { cookie } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ code: 'SHUTTING_DOWN' });

    // The request in flight holds the shutdown until it is answered.
    expect(isDrained).toBe(false);
    slow.finish();
    expect(await slow.answer).toBe(201);
    expect(await drained).toBe(0);
  });
});

describe.runIf(usingPostgres)('a stream handed over to another instance', () => {
  it('resumes on the other instance from its last id, missing nothing and in id order', async () => {
    const ctx = await createTestDatabase();
    const secondDb = await openDatabase({ databaseUrl: ctx.database.connectionString! });
    const one = await listening(ctx.database);
    const two = await listening(secondDb);
    cleanups.push(async () => {
      await two.app.close();
      await secondDb.close();
      await one.app.close();
      await ctx.drop();
    });
    const { cookie } = await signUp(two.url);
    const patient = await admitPatient(two.url, cookie, { name: 'Handed Over' });
    const reading = (heartRate: number) =>
      recordReadings(
        two.url,
        { cookie },
        { patientId: patient.id, readingTime: new Date().toISOString(), heartRate },
      );
    const isReadingOf = (heartRate: number) => (m: { data: string }) => {
      const event = JSON.parse(m.data);
      return event.type === 'reading' && event.data.readings[0].heartRate === heartRate;
    };

    const first = await openSse(`${one.url}/api/events`, { cookie });
    await first.waitFor(ofType('stream-opened'));
    await reading(70);
    await first.waitFor(isReadingOf(70));
    const drained = one.app.drain({ delayMs: 0, timeoutMs: 5000 });
    await first.waitFor(ofType('stream-ending'));
    const lastId = Number(first.messages.filter((m) => m.id).at(-1)!.id);

    // Committed while the client is between instances.
    await reading(71);
    await reading(72);
    const second = await openSse(`${two.url}/api/events`, { cookie, 'last-event-id': String(lastId) });
    cleanups.push(async () => second.close());
    await second.waitFor(isReadingOf(72));
    const received = second.messages.filter((m) => m.id).map((m) => Number(m.id));
    const result = await ctx.database.db.execute(
      sql`select id::float8 as id from live_events
          where id > ${lastId} and id <= ${received.at(-1)!}
            and type not in ('streams-ended', 'device-tokens-ended')
          order by id`,
    );
    const stored = (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
    expect(received).toEqual(stored);
    expect(stored.length).toBeGreaterThanOrEqual(4); // two readings, each with its patient-updated
    expect(await drained).toBe(0);
  });
});
