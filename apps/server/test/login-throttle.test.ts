import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { manualClock } from '../src/lib/clock.ts';
import type { LoginThrottleOptions } from '../src/modules/auth/service.ts';
import { createTestDatabase, PASSWORD, uniqueUsername } from './helpers.ts';
import { signUp } from './support/factories.ts';

const THROTTLE: LoginThrottleOptions = {
  perPair: 5,
  perUsername: 10,
  perAddress: 40,
  windowSeconds: 900,
  baseDelaySeconds: 30,
  maxDelaySeconds: 900,
};

type Ctx = Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: Ctx;
const clock = manualClock(new Date('2026-03-02T08:00:00Z'));

async function instance(database: Ctx['database']) {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none' }),
    database,
    clock,
    logger: false,
    loginThrottle: THROTTLE,
    registerPerMinute: 1000,
  });
  await app.ready();
  return app;
}

let app: Awaited<ReturnType<typeof instance>>;
beforeAll(async () => {
  ctx = await createTestDatabase();
  app = await instance(ctx.database);
});
afterAll(async () => {
  await app.close();
  await ctx.drop();
});

const login = (target: typeof app, username: string, password: string, remoteAddress = '127.0.0.1') =>
  target.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username, password } });

/** How many of the answers checked a password (401 or 200) and how many were refused unchecked (429). */
function tally(statuses: number[]) {
  return {
    checked: statuses.filter((s) => s === 401 || s === 200).length,
    refused: statuses.filter((s) => s === 429).length,
  };
}

describe('sign-in throttling under concurrency', () => {
  it('checks at most the pair limit of 50 parallel wrong guesses from one address', async () => {
    const { user } = await signUp(app);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => login(app, user.username, 'wrong password')),
    );
    const { checked, refused } = tally(answers.map((a) => a.statusCode));
    expect(checked).toBe(THROTTLE.perPair);
    expect(refused).toBe(50 - THROTTLE.perPair);
    const wait = answers.find((a) => a.statusCode === 429)!;
    expect(Number(wait.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('checks at most the username limit of 50 parallel guesses from 50 addresses', async () => {
    const { user } = await signUp(app);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(app, user.username, 'wrong password', `10.20.0.${i + 1}`)),
    );
    expect(tally(answers.map((a) => a.statusCode)).checked).toBe(THROTTLE.perUsername);
  });

  it('shares the limit between two instances on one database', async () => {
    // A second app with its own connection pool (PostgreSQL) or on the same embedded database.
    const second = ctx.database.connectionString
      ? await openDatabase({ databaseUrl: ctx.database.connectionString })
      : ctx.database;
    const other = await instance(second);
    try {
      const { user } = await signUp(app);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          login(i % 2 === 0 ? app : other, user.username, 'wrong password', `10.30.0.${i + 1}`),
        ),
      );
      expect(tally(answers.map((a) => a.statusCode)).checked).toBe(THROTTLE.perUsername);
    } finally {
      await other.close();
      if (second !== ctx.database) await second.close();
    }
  });

  it('lets a nurse sign in from an address they used before while strangers guess elsewhere', async () => {
    const { user } = await signUp(app);
    const wardPc = '10.40.0.7';
    expect((await login(app, user.username, PASSWORD, wardPc)).statusCode).toBe(200);
    const attack = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(app, user.username, `guess ${i}`, `203.0.113.${i + 1}`)),
    );
    expect(attack.filter((a) => a.statusCode === 429).length).toBeGreaterThan(0);
    // A new address is slowed with the username…
    expect((await login(app, user.username, PASSWORD, '10.40.0.99')).statusCode).toBe(429);
    // …but the ward PC, known for this username, is not.
    expect((await login(app, user.username, PASSWORD, wardPc)).statusCode).toBe(200);
  });

  it('slows further guessing with a delay that doubles, then lets a try through after it', async () => {
    const { user } = await signUp(app);
    const address = '10.50.0.1';
    for (let i = 0; i < THROTTLE.perPair; i++) {
      expect((await login(app, user.username, 'wrong password', address)).statusCode).toBe(401);
    }
    const first = await login(app, user.username, 'wrong password', address);
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBe(30);
    clock.advance(31_000);
    expect((await login(app, user.username, 'wrong password', address)).statusCode).toBe(401);
    const second = await login(app, user.username, PASSWORD, address);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBe(60);
    clock.advance(61_000);
    expect((await login(app, user.username, PASSWORD, address)).statusCode).toBe(200);
    // Success starts this address's count again.
    expect((await login(app, user.username, 'wrong password', address)).statusCode).toBe(401);
  });
});

describe('usernames compared as people read them', () => {
  const register = (username: string) =>
    app.inject({ method: 'POST', url: '/api/register', payload: { username, password: PASSWORD } });

  it('signs in "İlse" however it was registered and typed', async () => {
    const suffix = uniqueUsername('').slice(-6);
    const name = `İlse${suffix}`;
    expect((await register(name)).statusCode).toBe(201);
    expect((await login(app, name, PASSWORD, '10.60.0.1')).statusCode).toBe(200);
    expect((await login(app, name.normalize('NFD'), PASSWORD, '10.60.0.1')).statusCode).toBe(200);
    expect((await login(app, name.toUpperCase(), PASSWORD, '10.60.0.1')).statusCode).toBe(200);
  });

  it('treats fullwidth and composed forms as the same account', async () => {
    const suffix = uniqueUsername('').slice(-6);
    expect((await register(`zoe${suffix}`)).statusCode).toBe(201);
    const fullwidth = `ｚｏｅ${suffix}`;
    const taken = await register(fullwidth);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error).toBe('Username already exists');
    expect((await login(app, fullwidth, PASSWORD, '10.60.0.2')).statusCode).toBe(200);
  });

  it('refuses a look-alike that mixes alphabets', async () => {
    expect((await register('paul.ward')).statusCode).toBe(201);
    const res = await register('pаul.ward'); // Cyrillic а
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Username mixes letters of different alphabets/);
  });
});
