import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMEMBER_ME_MS } from '../src/modules/auth/session-policy.ts';
import { cookieFrom, createTestApp, PASSWORD, type TestApp, uniqueUsername } from './helpers.ts';
import { signUp } from './support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginThrottle: { perUsername: 3, perAddress: 8, windowSeconds: 900 } });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const post = (url: string, payload?: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });

describe('registration', () => {
  it('creates the account, signs it in and answers {id, username} only', async () => {
    const username = uniqueUsername();
    const res = await post('/api/register', { username, password: PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(Number), username });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^vigil_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');
    expect(setCookie).not.toMatch(/Expires|Max-Age/i); // a browser-session cookie
    const who = await me(cookieFrom(res.headers['set-cookie']));
    expect(who.json()).toMatchObject({ id: expect.any(Number), username });
  });

  it('refuses a username that exists in any letter case', async () => {
    const username = uniqueUsername('Ward');
    await signUp(t.app, username);
    const res = await post('/api/register', { username: username.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Username already exists', code: 'USERNAME_TAKEN' });
  });

  it.each([
    [{ username: 'ab', password: PASSWORD }, 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(65), password: PASSWORD }, 'Username must be at most 64 characters'],
    [{ username: 'valid.name', password: 'short' }, 'Password must be at least 8 characters'],
    [{ username: 'valid.name', password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ password: PASSWORD }, 'Username is required'],
    [{ username: 'valid.name' }, 'Password is required'],
    [{ username: 'has space', password: PASSWORD }, 'Username may contain only letters, digits and . _ @ -'],
  ])('answers 400 with an actionable message for %j', async (payload, message) => {
    const res = await post('/api/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, message, code: 'VALIDATION_FAILED' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('stores an argon2id hash and never returns it', async () => {
    const { user, cookie } = await signUp(t.app);
    const result = await t.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, user.id) });
    expect(result?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    for (const res of [
      await me(cookie),
      await post('/api/login', { username: user.username, password: PASSWORD }),
    ]) {
      expect(res.body).not.toContain('$argon2');
      expect(res.body).not.toContain('password');
    }
  });
});

describe('login and sessions', () => {
  it('signs in with either letter case and one message for every failure', async () => {
    const { user } = await signUp(t.app);
    const ok = await post('/api/login', { username: user.username.toUpperCase(), password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual(user);
    const wrongPassword = await post('/api/login', { username: user.username, password: 'not the password' });
    const unknownUser = await post('/api/login', { username: uniqueUsername('ghost'), password: PASSWORD });
    for (const res of [wrongPassword, unknownUser]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'Invalid username or password' });
    }
  });

  it('rotates the session on login and ends it on logout', async () => {
    const { user, cookie: first } = await signUp(t.app);
    const login = await post('/api/login', { username: user.username, password: PASSWORD }, first);
    const second = cookieFrom(login.headers['set-cookie']);
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);

    const out = await post('/api/logout', undefined, second);
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/vigil_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await me(second)).statusCode).toBe(401);
  });

  it('answers 401 to /api/user without a session (logged out, not an error)', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await me('vigil_session=forged-token')).statusCode).toBe(401);
  });

  it('sets a readable signed-in hint beside the session cookie, and clears both on sign-out', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: uniqueUsername(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    const setCookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
    const hint = setCookies.find((c) => c.startsWith('vigil_signed_in='));
    expect(hint).toMatch(/^vigil_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(setCookies.find((c) => c.startsWith('vigil_session='))).toMatch(/HttpOnly/i);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(String(out.headers['set-cookie'])).toMatch(/vigil_signed_in=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('ends a browser session after 30 idle minutes', async () => {
    const { cookie } = await signUp(t.app);
    t.clock.advance(29 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200); // activity resets the idle timer
    t.clock.advance(29 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(31 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends a browser session after 12 hours however active it is', async () => {
    const { cookie } = await signUp(t.app);
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      t.clock.advance(20 * MINUTE);
      expect((await me(cookie)).statusCode).toBe(200);
    }
    t.clock.advance(21 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('"Keep me signed in" gives a persistent 30-day session that survives idleness', async () => {
    const { user } = await signUp(t.app);
    const login = await post('/api/login', { username: user.username, password: PASSWORD, rememberMe: true });
    const setCookie = String(login.headers['set-cookie']);
    const expires = new Date(/Expires=([^;]+)/.exec(setCookie)?.[1] ?? '');
    expect(expires.getTime()).toBe(
      t.clock.now().getTime() + REMEMBER_ME_MS - (t.clock.now().getTime() % 1000),
    );
    const cookie = cookieFrom(login.headers['set-cookie']);
    t.clock.advance(6 * 60 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(REMEMBER_ME_MS);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('failed-login throttling', () => {
  it('slows repeated failures for one username with 429 and Retry-After, even for the right password', async () => {
    const { user } = await signUp(t.app);
    for (let i = 0; i < 3; i++) {
      expect(
        (await post('/api/login', { username: user.username, password: 'wrong password' })).statusCode,
      ).toBe(401);
    }
    const blocked = await post('/api/login', { username: user.username, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
  });

  it('slows repeated failures from one address across usernames', async () => {
    const fresh = await createTestApp({
      loginThrottle: { perUsername: 100, perAddress: 4, windowSeconds: 900 },
    });
    try {
      const { user } = await signUp(fresh.app);
      for (let i = 0; i < 4; i++) {
        const res = await fresh.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: uniqueUsername('guess'), password: 'whatever1' },
        });
        expect(res.statusCode).toBe(401);
      }
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password: PASSWORD },
      });
      expect(res.statusCode).toBe(429);
      const other = await fresh.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.9.8.7',
        payload: { username: user.username, password: PASSWORD },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe('secure deployment', () => {
  it('sets a __Host- Secure cookie when configured for HTTPS', async () => {
    const secure = await createTestApp({ env: { COOKIE_SECURE: 'true' } });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: uniqueUsername(), password: PASSWORD },
      });
      const [session, hint] = [res.headers['set-cookie'] ?? []].flat();
      expect(session).toMatch(/^__Host-vigil_session=.*; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
      expect(hint).toBe('__Host-vigil_signed_in=1; Path=/; Secure; SameSite=Lax');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await secure.close();
    }
  });
});
