import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp, usingPostgres } from './helpers.ts';
import { type Session, signIn, signUp, signUpAs, type Target } from './support/factories.ts';
import { startTwoInstances } from './support/instances.ts';
import { statusOf as status } from './support/requests.ts';

/**
 * Signed-in requests are answered from a cache of sessions (decision 023): a sign-out, a disabled
 * account, a new role, a password reset or change takes effect on the very next request, here and
 * on every other instance, however recently the session was used.
 */

/** The session has just been used, so it is cached. */
async function expectSignedIn(target: Target, session: Session) {
  expect(await status(target, session.cookie, 'GET', '/api/patients')).toBe(200);
}

describe('the session cache on one instance', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('forgets a session signed out', async () => {
    const nurse = await signUpAs(t.app, admin.cookie, 'nurse');
    await expectSignedIn(t.app, nurse);
    expect(await status(t.app, nurse.cookie, 'POST', '/api/logout')).toBe(204);
    expect(await status(t.app, nurse.cookie, 'GET', '/api/patients')).toBe(401);
  });

  it('forgets the sessions of a disabled account (revoked)', async () => {
    const nurse = await signUpAs(t.app, admin.cookie, 'nurse');
    await expectSignedIn(t.app, nurse);
    const path = `/api/accounts/${nurse.user.id}`;
    expect(await status(t.app, admin.cookie, 'PATCH', path, { status: 'disabled' })).toBe(200);
    expect(await status(t.app, nurse.cookie, 'GET', '/api/patients')).toBe(401);
  });

  it('holds a person to their new role at once', async () => {
    const nurse = await signUpAs(t.app, admin.cookie, 'nurse');
    await expectSignedIn(t.app, nurse);
    const path = `/api/accounts/${nurse.user.id}`;
    expect(await status(t.app, admin.cookie, 'PATCH', path, { role: 'auditor' })).toBe(200);
    expect(await status(t.app, nurse.cookie, 'GET', '/api/patients')).toBe(403);
  });

  it('ends other sessions signed out everywhere, and lets a changed password through at once', async () => {
    const nurse = await signUpAs(t.app, admin.cookie, 'nurse');
    const other = await signIn(t.app, nurse.user.username);
    await expectSignedIn(t.app, other);
    expect(await status(t.app, nurse.cookie, 'POST', '/api/account/sign-out-everywhere')).toBe(204);
    expect(await status(t.app, other.cookie, 'GET', '/api/patients')).toBe(401);

    // A reset sends the person to change their password; once changed, this session goes on.
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${nurse.user.id}/reset-password`,
      headers: { cookie: admin.cookie },
    });
    const temp = await signIn(t.app, nurse.user.username, reset.json().temporaryPassword);
    expect(await status(t.app, temp.cookie, 'GET', '/api/patients')).toBe(403);
    expect(
      await status(t.app, temp.cookie, 'POST', '/api/account/password', {
        currentPassword: reset.json().temporaryPassword,
        newPassword: `${PASSWORD} again`,
      }),
    ).toBe(200);
    await expectSignedIn(t.app, temp);
  });

  it('forgets the earlier session a sign-in replaces', async () => {
    const nurse = await signUpAs(t.app, admin.cookie, 'nurse');
    await expectSignedIn(t.app, nurse);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: nurse.cookie },
      payload: { username: nurse.user.username, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(await status(t.app, nurse.cookie, 'GET', '/api/patients')).toBe(401);
  });
});

/** Polls until `path` answers `expected` on `target` (the change travels by NOTIFY), up to 2 s. */
async function answersWithin(target: string, cookie: string, path: string, expected: number) {
  const deadline = Date.now() + 2000;
  let last = 0;
  while (Date.now() < deadline) {
    last = await status(target, cookie, 'GET', path);
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(last).toBe(expected);
}

describe.runIf(usingPostgres)('the session cache across instances (PostgreSQL)', () => {
  it('forgets there, well before its entries expire, what is revoked, changed or signed out here', async () => {
    const { one, two, close } = await startTwoInstances();
    try {
      const admin = await signUp(one.url);
      const [disabled, demoted, signedOut] = [
        await signUpAs(one.url, admin.cookie, 'nurse'),
        await signUpAs(one.url, admin.cookie, 'nurse'),
        await signUpAs(one.url, admin.cookie, 'nurse'),
      ];
      for (const s of [disabled, demoted, signedOut]) await expectSignedIn(two.url, s);

      const account = (s: Session) => `/api/accounts/${s.user.id}`;
      expect(await status(one.url, admin.cookie, 'PATCH', account(disabled), { status: 'disabled' })).toBe(
        200,
      );
      expect(await status(one.url, admin.cookie, 'PATCH', account(demoted), { role: 'auditor' })).toBe(200);
      expect(await status(one.url, signedOut.cookie, 'POST', '/api/logout')).toBe(204);

      await answersWithin(two.url, disabled.cookie, '/api/patients', 401);
      await answersWithin(two.url, demoted.cookie, '/api/patients', 403);
      await answersWithin(two.url, signedOut.cookie, '/api/patients', 401);
    } finally {
      await close();
    }
  });
});
