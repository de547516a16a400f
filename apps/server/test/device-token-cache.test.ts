import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { createTestApp, createTestDatabase, type TestApp, usingPostgres } from './helpers.ts';
import { ofType, openSse } from './sse-client.ts';
import { admitPatient, signUp, type Target } from './support/factories.ts';

/**
 * Device tokens are answered from a cache of valid tokens (decision 007): a revocation or a rotation
 * takes effect on the very next request, here and on every other instance, however recently the
 * token was used.
 */
async function call(
  target: Target,
  method: 'POST' | 'DELETE',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: () => Record<string, unknown> }> {
  if (typeof target !== 'string') {
    const res = await target.inject({
      method,
      url: path,
      headers,
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: res.statusCode, json: () => res.json() };
  }
  const res = await fetch(`${target}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text) };
}

let seconds = 0;
/** One reading sent with `token` (each at its own time), answered with its status. */
async function send(target: Target, token: string, patientId: number, now: number) {
  const readingTime = new Date(now - 3_600_000 + seconds++ * 1000).toISOString();
  const res = await call(
    target,
    'POST',
    '/api/device-readings',
    { authorization: `Bearer ${token}` },
    { patientId, deviceId: 'cached-strap', readingTime, heartRate: 72 },
  );
  return res.status;
}

async function issue(target: Target, cookie: string, patientId: number) {
  const res = await call(target, 'POST', '/api/device-tokens', { cookie }, { patientId, label: 'Strap' });
  expect(res.status).toBe(201);
  return res.json() as { id: number; token: string };
}

const revoke = (target: Target, cookie: string, id: number) =>
  call(target, 'DELETE', `/api/device-tokens/${id}`, { cookie });

const rotate = async (target: Target, token: string) => {
  const res = await call(target, 'POST', '/api/device-tokens/rotate', { authorization: `Bearer ${token}` });
  expect(res.status).toBe(201);
  return res.json().token as string;
};

describe('the device token cache on one instance', () => {
  let t: TestApp;
  let cookie: string;
  let patientId: number;
  const now = () => t.clock.now().getTime();
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signUp(t.app));
    ({ id: patientId } = await admitPatient(t.app, cookie));
  });
  afterAll(() => t.close());

  it('refuses a token revoked just after it was used', async () => {
    const issued = await issue(t.app, cookie, patientId);
    expect(await send(t.app, issued.token, patientId, now())).toBe(201);
    expect(await send(t.app, issued.token, patientId, now())).toBe(201);
    expect((await revoke(t.app, cookie, issued.id)).status).toBe(200);
    expect(await send(t.app, issued.token, patientId, now())).toBe(401);
  });

  it('refuses every token of a family revoked through another of its tokens', async () => {
    const issued = await issue(t.app, cookie, patientId);
    const next = await rotate(t.app, issued.token);
    expect(await send(t.app, next, patientId, now())).toBe(201);
    expect((await revoke(t.app, cookie, issued.id)).status).toBe(200);
    expect(await send(t.app, next, patientId, now())).toBe(401);
  });

  it('refuses a token rotated away just after it was used, and then its whole family (it was copied)', async () => {
    const issued = await issue(t.app, cookie, patientId);
    expect(await send(t.app, issued.token, patientId, now())).toBe(201);
    const next = await rotate(t.app, issued.token);
    expect(await send(t.app, next, patientId, now())).toBe(201);
    expect(await send(t.app, issued.token, patientId, now())).toBe(401);
    expect(await send(t.app, next, patientId, now())).toBe(401);
  });

  it('refuses a cached token once it has expired', async () => {
    const res = await call(
      t.app,
      'POST',
      '/api/device-tokens',
      { cookie },
      { patientId, label: 'Short', expiresInDays: 1 },
    );
    const { token } = res.json() as { token: string };
    expect(await send(t.app, token, patientId, now())).toBe(201);
    t.clock.advance(86_400_000);
    expect(await send(t.app, token, patientId, now())).toBe(401);
  });
});

describe('the event that ends device tokens', () => {
  it('is never sent to a client: neither live nor replayed', async () => {
    const ctx = await createTestDatabase();
    const server = await startInstance(ctx.database);
    try {
      const { cookie } = await signUp(server.url);
      const { id: patientId } = await admitPatient(server.url, cookie);
      const live = await openSse(`${server.url}/api/events`, { cookie });
      const revoked = await issue(server.url, cookie, patientId);
      expect((await revoke(server.url, cookie, revoked.id)).status).toBe(200);
      const other = await issue(server.url, cookie, patientId);
      expect(await send(server.url, other.token, patientId, Date.now())).toBe(201);
      await live.waitFor(ofType('reading'));
      const replayed = await openSse(`${server.url}/api/events?lastEventId=0`, { cookie });
      await replayed.waitFor(ofType('reading'));
      for (const sse of [live, replayed]) {
        sse.close();
        const types = sse.messages.map((m) => (JSON.parse(m.data) as { type: string }).type);
        expect(types).toContain('reading');
        expect(types).not.toContain('device-tokens-ended');
      }
    } finally {
      await server.app.close();
      await ctx.drop();
    }
  });
});

async function startInstance(database: Awaited<ReturnType<typeof createTestDatabase>>['database']) {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none' }),
    database,
    logger: false,
    registerPerMinute: 1000,
    deviceSweep: false,
    alertTimers: false,
    readingStorage: false,
    wearablePoller: false,
  });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

/** Polls until a reading sent with `token` to `target` is answered `expected` (NOTIFY travels), up to 2 s. */
async function answersWithin(target: string, token: string, patientId: number, expected: number) {
  const deadline = Date.now() + 2000;
  let last = 0;
  while (Date.now() < deadline) {
    last = await send(target, token, patientId, Date.now());
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(last).toBe(expected);
}

describe.runIf(usingPostgres)('the device token cache across instances (PostgreSQL)', () => {
  it('forgets there, well before its entries expire, a token revoked or rotated here', async () => {
    const ctx = await createTestDatabase();
    const one = await startInstance(ctx.database);
    const secondDb = await openDatabase({ databaseUrl: ctx.database.connectionString! });
    const two = await startInstance(secondDb);
    try {
      const { cookie } = await signUp(one.url);
      const { id: patientId } = await admitPatient(one.url, cookie);
      const revoked = await issue(one.url, cookie, patientId);
      const rotated = await issue(one.url, cookie, patientId);
      for (const token of [revoked.token, rotated.token]) {
        expect(await send(two.url, token, patientId, Date.now())).toBe(201);
      }

      expect((await revoke(one.url, cookie, revoked.id)).status).toBe(200);
      const next = await rotate(one.url, rotated.token);

      await answersWithin(two.url, revoked.token, patientId, 401);
      // The rotated-away token presented there is refused, and ends its family as it would here.
      await answersWithin(two.url, rotated.token, patientId, 401);
      expect(await send(one.url, next, patientId, Date.now())).toBe(401);
    } finally {
      await two.app.close();
      await secondDb.close();
      await one.app.close();
      await ctx.drop();
    }
  });
});
