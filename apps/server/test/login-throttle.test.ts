import { sql } from 'drizzle-orm';
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

type AuditRow = Record<string, unknown> & { id: number | string };
async function auditRowsSince(afterId: number): Promise<AuditRow[]> {
  const result = await ctx.database.db.execute(
    sql`select * from audit_events where id > ${afterId} order by id`,
  );
  return (result as unknown as { rows: AuditRow[] }).rows;
}
async function lastAuditId(): Promise<number> {
  const result = await ctx.database.db.execute(sql`select coalesce(max(id), 0) as id from audit_events`);
  return Number((result as unknown as { rows: { id: number }[] }).rows[0]!.id);
}

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

describe('refusals that were never checked', () => {
  it('do not count against the username: one address cannot lock a nurse out of every new address', async () => {
    const { user } = await signUp(app);
    const attacker = '198.51.100.7';
    const answers = [];
    for (let i = 0; i < 40; i++)
      answers.push((await login(app, user.username, `guess ${i}`, attacker)).statusCode);
    expect(tally(answers)).toEqual({ checked: THROTTLE.perPair, refused: 40 - THROTTLE.perPair });
    // The nurse, at a computer the username never signed in from.
    const nurse = await login(app, user.username, PASSWORD, '10.60.0.1');
    expect(nurse.statusCode).toBe(200);
  });
});

describe('the password-change form', () => {
  it('is throttled like sign-in: of 50 parallel wrong current passwords at most the pair limit are checked, and each refusal is audited', async () => {
    const { user, cookie } = await signUp(app);
    const before = await lastAuditId();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/account/password',
          headers: { cookie },
          payload: { currentPassword: `wrong ${i}`, newPassword: 'a new password 1' },
        }),
      ),
    );
    const checked = answers.filter((a) => a.statusCode === 400).length;
    const refused = answers.filter((a) => a.statusCode === 429).length;
    console.log(`wrong current passwords checked: ${checked} of 50`);
    expect(checked).toBeLessThanOrEqual(THROTTLE.perPair);
    expect(refused).toBe(50 - checked);
    const rows = (await auditRowsSince(before)).filter((r) => r.user_id === user.id);
    expect(rows.filter((r) => r.outcome === 'failure')).toHaveLength(50);
    expect(rows.filter((r) => /current password is not correct/.test(String(r.detail)))).toHaveLength(
      checked,
    );
  });
});

describe('refused sign-ins in the audit trail', () => {
  it('are one row at the first refusal from an address, and one row for the rest of its window', async () => {
    const address = '203.0.113.200';
    const before = await lastAuditId();
    for (let i = 0; i < 60; i++) await login(app, uniqueUsername('nobody'), 'whatever1', address);
    const fromAddress = async () => (await auditRowsSince(before)).filter((r) => r.address === address);
    const during = (await fromAddress()).length;
    clock.advance(THROTTLE.windowSeconds * 1000);
    // The next refusal starts a new window; the last one's tally is written.
    await login(app, uniqueUsername('nobody'), 'whatever1', address);
    const rows = await fromAddress();
    console.log(`audit rows for 61 refused sign-ins from one address: ${rows.length}`);
    expect(during).toBe(1);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({
      action: 'failed-sign-in',
      outcome: 'failure',
      detail: expect.stringMatching(
        /^59 more refused requests without a session from this address in the window from \S+: too many attempts \d+, unknown username \d+$/,
      ),
    });
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

  it('refuses invisible characters, compatibility forms and overlaid marks beside an existing name', async () => {
    const base = `admin${uniqueUsername('').slice(-5)}1`;
    expect((await register(base)).statusCode).toBe(201);
    const accepted: string[] = [];
    for (const lookAlike of [
      `${base}\u034F`,
      `${base}\uFE0F`,
      `${base}\u3164`,
      `${base}\u0336`,
      `${base.slice(0, -1)}⑴`,
    ]) {
      const res = await register(lookAlike);
      if (res.statusCode === 201) accepted.push(JSON.stringify(lookAlike));
      else expect(res.statusCode).toBe(400);
    }
    console.log(`look-alike usernames accepted: ${accepted.length} of 5`);
    expect(accepted).toEqual([]);
  });

  it('refuses a name whose confusable skeleton (UTS #39) is an existing one’s', async () => {
    const base = `nurse${uniqueUsername('').slice(-5)}`;
    expect((await register(`${base}1`)).statusCode).toBe(201);
    for (const lookAlike of [`${base}l`, `${base}I`]) {
      const res = await register(lookAlike);
      expect(res.statusCode, lookAlike).toBe(400);
      expect(res.json()).toMatchObject({ code: 'USERNAME_CONFUSABLE' });
    }
    expect((await register(`${base}2`)).statusCode).toBe(201);
  });

  it('refuses combining marks under or over a digit, a letter or punctuation that make a name read as an existing one', async () => {
    const p = uniqueUsername('n').slice(-7);
    for (const name of [`${p}nurse2`, `${p}nurse1`, `${p}ward.nurse_a@b-c`]) {
      expect((await register(name)).statusCode, name).toBe(201);
    }
    const lookAlikes = [
      // Under the digit (the probe's nurse2 + U+0323, and six others), and over a digit.
      ...['\u0323', '\u0324', '\u0325', '\u0326', '\u0327', '\u0328', '\u0331'].map((m) => `${p}nurse2${m}`),
      `${p}nurse1\u0301`,
      // Under or over a letter.
      `${p}nurse\u03232`,
      `${p}nu\u0301rse2`,
      // After each punctuation a name may hold.
      `${p}ward.\u0323nurse_a@b-c`,
      `${p}ward.nurse_\u0301a@b-c`,
      `${p}ward.nurse_a@\u0323b-c`,
      `${p}ward.nurse_a@b-\u0301c`,
    ];
    const accepted: string[] = [];
    for (const lookAlike of lookAlikes) {
      const res = await register(lookAlike);
      if (res.statusCode === 201) accepted.push(JSON.stringify(lookAlike));
      else expect(res.statusCode, lookAlike).toBe(400);
    }
    console.log(
      `look-alike usernames with combining marks accepted: ${accepted.length} of ${lookAlikes.length}`,
    );
    expect(accepted).toEqual([]);
    // A name with accents is still a name, unless one without them exists.
    expect((await register(`${p}zoë`)).statusCode).toBe(201);
    expect((await register(`${p}jose`)).statusCode).toBe(201);
    expect((await register(`${p}josé`)).json()).toMatchObject({ code: 'USERNAME_CONFUSABLE' });
  });

  it('recomputes at start-up a skeleton an earlier rule stored', async () => {
    const p = uniqueUsername('r').slice(-7);
    const { user } = await signUp(app, `${p}rené`);
    // As an earlier rule stored it: the accent kept.
    await ctx.database.db.execute(
      sql`update users set username_skeleton = ${`${p}rene\u0301`} where id = ${user.id}`,
    );
    const restarted = await instance(ctx.database);
    try {
      const res = await restarted.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: `${p}rene`, password: PASSWORD },
      });
      expect(res.json()).toMatchObject({ code: 'USERNAME_CONFUSABLE' });
    } finally {
      await restarted.close();
    }
  });

  it('gives the accounts from before their skeleton at start-up', async () => {
    const { user } = await signUp(app, `doctor${uniqueUsername('').slice(-5)}`);
    await ctx.database.db.execute(sql`update users set username_skeleton = null where id = ${user.id}`);
    const restarted = await instance(ctx.database);
    try {
      const lookAlike = user.username.replace(/o/g, '0');
      expect(lookAlike).not.toBe(user.username);
      const res = await restarted.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: lookAlike, password: PASSWORD },
      });
      expect(res.json()).toMatchObject({ code: 'USERNAME_CONFUSABLE' });
    } finally {
      await restarted.close();
    }
  });
});
