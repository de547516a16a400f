import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import {
  createTestApp,
  createTestDatabase,
  PASSWORD,
  type TestApp,
  uniqueUsername,
  usingPostgres,
} from './helpers.ts';
import { openSse, stillReceives } from './sse-client.ts';
import { admitPatient, recordReadings, type Session, signIn, signUp, signUpAs } from './support/factories.ts';

type Method = 'GET' | 'POST' | 'PATCH';
const call = (t: TestApp, method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

describe('accounts with open registration (the demo default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('makes the first account the administrator and later ones nurses, signed in at once', async () => {
    const admin = await signUp(t.app);
    expect(admin.user).toMatchObject({ role: 'administrator', mustChangePassword: false });
    expect(admin.user.permissions).toContain('users:manage');
    const nurse = await signUp(t.app);
    expect(nurse.user).toMatchObject({ role: 'nurse' });
    expect(nurse.user.permissions).not.toContain('users:manage');
    expect((await call(t, 'GET', '/api/register')).json()).toEqual({ mode: 'open' });
    expect((await call(t, 'GET', '/api/config', nurse.cookie)).json()).toMatchObject({
      registration: 'open',
    });
    const list = await call(t, 'GET', '/api/accounts', admin.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: nurse.user.id,
          role: 'nurse',
          status: 'active',
          lastSignInAt: expect.any(String),
        }),
      ]),
    );
    expect((await call(t, 'GET', '/api/accounts', nurse.cookie)).statusCode).toBe(403);
  });

  it('changes a role, and the new role applies to the open session at once', async () => {
    const { cookie: admin } = await signIn(t.app, (await firstAdmin(t)).username);
    const nurse = await signUp(t.app);
    expect((await call(t, 'GET', '/api/patients', nurse.cookie)).statusCode).toBe(200);
    const res = await call(t, 'PATCH', `/api/accounts/${nurse.user.id}`, admin, { role: 'auditor' });
    expect(res.json()).toMatchObject({ role: 'auditor' });
    const refused = await call(t, 'GET', '/api/patients', nurse.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Auditor.*patients:read/);
    expect((await call(t, 'GET', '/api/audit-events', nurse.cookie)).statusCode).toBe(200);
  });

  it('refuses to demote or disable the last active administrator, and names bad input', async () => {
    const admin = await firstAdmin(t);
    const { cookie } = await signIn(t.app, admin.username);
    const demote = await call(t, 'PATCH', `/api/accounts/${admin.id}`, cookie, { role: 'nurse' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'LAST_ADMINISTRATOR' });
    const bad = await call(t, 'PATCH', `/api/accounts/${admin.id}`, cookie, { role: 'surgeon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/role/);
    expect((await call(t, 'PATCH', '/api/accounts/999999', cookie, { status: 'disabled' })).statusCode).toBe(
      404,
    );
  });

  it('an administrator creates an account with its role and a one-time password the person must change at first sign-in', async () => {
    const { cookie: admin } = await signIn(t.app, (await firstAdmin(t)).username);
    const username = uniqueUsername('doctor');
    const created = await call(t, 'POST', '/api/accounts', admin, { username, role: 'doctor' });
    expect(created.statusCode, created.body).toBe(201);
    const { account, temporaryPassword } = created.json() as {
      account: { id: number; role: string; status: string; mustChangePassword: boolean };
      temporaryPassword: string;
    };
    expect(account).toMatchObject({ username, role: 'doctor', status: 'active', mustChangePassword: true });
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    // The person signs in with it and may do nothing but choose their own.
    const first = await signIn(t.app, username, temporaryPassword);
    expect(first.user).toMatchObject({ role: 'doctor', mustChangePassword: true });
    expect((await call(t, 'GET', '/api/patients', first.cookie)).json()).toMatchObject({
      code: 'PASSWORD_CHANGE_REQUIRED',
    });
    const changed = await call(t, 'POST', '/api/account/password', first.cookie, {
      currentPassword: temporaryPassword,
      newPassword: 'a password of my own',
    });
    expect(changed.json()).toMatchObject({ mustChangePassword: false, role: 'doctor' });
    // A taken name, and a nurse trying it, are refused; the creation is audited, no password in it.
    const again = await call(t, 'POST', '/api/accounts', admin, { username, role: 'nurse' });
    expect(again.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
    const nurse = await signUp(t.app);
    const refused = await call(t, 'POST', '/api/accounts', nurse.cookie, {
      username: 'x-nurse',
      role: 'nurse',
    });
    expect(refused.statusCode).toBe(403);
    const audited = await t.count(
      sql`select count(*)::int as n from audit_events where entity_type = 'User' and action = 'create'
          and entity_id = ${String(account.id)} and detail like 'created by an administrator as Doctor%'
          and detail not like ${`%${temporaryPassword}%`}`,
    );
    expect(audited).toBe(1);
  });

  it('resets a password: the temporary one must be changed before anything else', async () => {
    const { cookie: admin } = await signIn(t.app, (await firstAdmin(t)).username);
    const nurse = await signUp(t.app);
    const reset = await call(t, 'POST', `/api/accounts/${nurse.user.id}/reset-password`, admin);
    expect(reset.statusCode).toBe(200);
    const { temporaryPassword } = reset.json() as { temporaryPassword: string };
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    // Their sessions ended; the old password no longer works.
    expect((await call(t, 'GET', '/api/user', nurse.cookie)).statusCode).toBe(401);
    const old = await call(t, 'POST', '/api/login', undefined, {
      username: nurse.user.username,
      password: PASSWORD,
    });
    expect(old.statusCode).toBe(401);
    const temp = await signIn(t.app, nurse.user.username, temporaryPassword);
    expect(temp.user.mustChangePassword).toBe(true);
    const blocked = await call(t, 'GET', '/api/patients', temp.cookie);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    const wrong = await call(t, 'POST', '/api/account/password', temp.cookie, {
      currentPassword: 'not it at all',
      newPassword: 'a brand new password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/currentPassword/);
    const changed = await call(t, 'POST', '/api/account/password', temp.cookie, {
      currentPassword: temporaryPassword,
      newPassword: 'a brand new password',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ mustChangePassword: false });
    expect((await call(t, 'GET', '/api/patients', temp.cookie)).statusCode).toBe(200);
    await signIn(t.app, nurse.user.username, 'a brand new password');
  });

  it('signs out everywhere else, keeping this session', async () => {
    const a = await signUp(t.app);
    const b = await signIn(t.app, a.user.username);
    const res = await call(t, 'POST', '/api/account/sign-out-everywhere', b.cookie);
    expect(res.statusCode).toBe(204);
    expect((await call(t, 'GET', '/api/user', a.cookie)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/user', b.cookie)).statusCode).toBe(200);
  });
});

/** The administrator (the first account) of a test app. */
async function firstAdmin(t: TestApp) {
  const { sql } = await import('drizzle-orm');
  const result = await t.database.db.execute(
    sql`select id, username from users where role = 'administrator' order by id limit 1`,
  );
  return (result as unknown as { rows: { id: number; username: string }[] }).rows[0]!;
}

describe('accounts with approval', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REGISTRATION: 'approval' } });
  });
  afterAll(() => t.close());

  it('makes the first account an active administrator, and later ones wait for approval', async () => {
    const admin = await signUp(t.app);
    expect(admin.user.role).toBe('administrator');
    expect((await call(t, 'GET', '/api/register')).json()).toEqual({ mode: 'approval' });
    const username = uniqueUsername();
    const pending = await call(t, 'POST', '/api/register', undefined, { username, password: PASSWORD });
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toMatchObject({
      status: 'pending',
      message: expect.stringMatching(/pending approval/),
    });
    expect(pending.headers['set-cookie']).toBeUndefined();
    const early = await call(t, 'POST', '/api/login', undefined, { username, password: PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'ACCOUNT_PENDING' });
    // A wrong password still says only "invalid": the account's state is not told to a guesser.
    const guess = await call(t, 'POST', '/api/login', undefined, { username, password: 'wrong password!' });
    expect(guess.statusCode).toBe(401);

    const accounts = (await call(t, 'GET', '/api/accounts', admin.cookie)).json() as {
      id: number;
      username: string;
      status: string;
    }[];
    const account = accounts.find((a) => a.username === username)!;
    expect(account.status).toBe('pending');
    const approved = await call(t, 'PATCH', `/api/accounts/${account.id}`, admin.cookie, {
      status: 'active',
    });
    expect(approved.json()).toMatchObject({ status: 'active', role: 'nurse' });
    const nurse = await signIn(t.app, username);
    expect(nurse.user.role).toBe('nurse');
  });
});

describe('accounts with registration closed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REGISTRATION: 'closed' } });
  });
  afterAll(() => t.close());

  it('lets only the first account register', async () => {
    expect((await call(t, 'GET', '/api/register')).json()).toEqual({ mode: 'closed' });
    const admin = await signUp(t.app);
    expect(admin.user.role).toBe('administrator');
    const res = await call(t, 'POST', '/api/register', undefined, {
      username: uniqueUsername(),
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'REGISTRATION_CLOSED' });
  });

  it('defaults to approval in production and open otherwise', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://vigil.example.org' };
    expect(loadConfig(production).registration).toBe('approval');
    expect(loadConfig({ NODE_ENV: 'development' }).registration).toBe('open');
    expect(loadConfig({ ...production, REGISTRATION: 'open' }).registration).toBe('open');
    expect(() => loadConfig({ REGISTRATION: 'sometimes' })).toThrow(/REGISTRATION/);
  });
});

describe('disabling an account', () => {
  it('ends its sessions and its open event streams at once, on every instance', async () => {
    const ctx = await createTestDatabase();
    const start = async (database: typeof ctx.database) => {
      const app = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none' }),
        database,
        logger: false,
        registerPerMinute: 1000,
        // Pings (and their session re-check) far apart: the streams must end without them.
        pingIntervalMs: 60_000,
      });
      return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
    };
    const one = await start(ctx.database);
    // PostgreSQL: a second instance with its own pool, reached by NOTIFY. PGlite is one process.
    const secondDb = usingPostgres
      ? await openDatabase({ databaseUrl: ctx.database.connectionString! })
      : null;
    const two = secondDb ? await start(secondDb) : null;
    try {
      const admin = await signUp(one.url);
      const nurse = await signUpAs(one.url, admin.cookie, 'nurse');
      const patient = await admitPatient(one.url, admin.cookie);
      const streams = [await openSse(`${one.url}/api/events`, { cookie: nurse.cookie })];
      if (two) streams.push(await openSse(`${two.url}/api/events`, { cookie: nurse.cookie }));
      const adminStream = await openSse(`${one.url}/api/events`, { cookie: admin.cookie });
      for (const s of streams) expect(s.status).toBe(200);

      const started = Date.now();
      const res = await fetch(`${one.url}/api/accounts/${nurse.user.id}`, {
        method: 'PATCH',
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'disabled' }),
      });
      expect(res.status).toBe(200);
      await Promise.all(streams.map((s) => s.closed));
      expect(Date.now() - started).toBeLessThan(1000);

      const who = await fetch(`${one.url}/api/user`, { headers: { cookie: nurse.cookie } });
      expect(who.status).toBe(401);
      const login = await fetch(`${one.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: nurse.user.username, password: PASSWORD }),
      });
      expect(login.status).toBe(403);
      expect(await login.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
      // Someone else's stream stays open: it still carries what happens after.
      const isOpen = await stillReceives(adminStream, patient.id, () =>
        recordReadings(
          one.url,
          { cookie: admin.cookie },
          { patientId: patient.id, readingTime: new Date(Date.now() - 60_000).toISOString(), heartRate: 77 },
        ),
      );
      expect(isOpen).toBe(true);
      adminStream.close();
    } finally {
      await two?.app.close();
      await secondDb?.close();
      await one.app.close();
      await ctx.drop();
    }
  });
});

describe('the last administrator under concurrency', () => {
  it('keeps one when two administrators demote each other at the same moment, round after round', async () => {
    const t = await createTestApp();
    try {
      let admins = [await signUp(t.app)];
      admins.push(await signUpAs(t.app, admins[0]!.cookie, 'administrator'));
      const rounds = 6;
      let lostEveryAdministrator = 0;
      for (let round = 0; round < rounds; round++) {
        const [a, b] = admins as [Session, Session];
        const answers = await Promise.all([
          call(t, 'PATCH', `/api/accounts/${b.user.id}`, a.cookie, { role: 'nurse' }),
          call(t, 'PATCH', `/api/accounts/${a.user.id}`, b.cookie, { role: 'nurse' }),
        ]);
        const survivors = (await t.database.db.execute(
          sql`select id from users where role = 'administrator' and status = 'active'`,
        )) as unknown as { rows: { id: number }[] };
        if (survivors.rows.length === 0) {
          lostEveryAdministrator++;
          break;
        }
        // One wins; the other is refused: checked after the first committed (409, the last
        // administrator), or already no administrator when its request arrived (403).
        const statuses = answers.map((r) => r.statusCode);
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
        expect([403, 409]).toContain(statuses.find((s) => s !== 200));
        const survivor = answers[0]!.statusCode === 200 ? a : b;
        admins = [survivor, await signUpAs(t.app, survivor.cookie, 'administrator')];
      }
      console.log(`rounds that left no administrator: ${lostEveryAdministrator} of ${rounds}`);
      expect(lostEveryAdministrator).toBe(0);
    } finally {
      await t.close();
    }
  });
});
