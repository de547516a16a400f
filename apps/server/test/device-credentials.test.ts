import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, signIn, signUp, signUpAs } from './support/factories.ts';

let t: TestApp;
let cookie: string;
let administrator: string;
let patientId: number;
beforeAll(async () => {
  t = await createTestApp();
  const first = await signUp(t.app);
  ({ cookie } = first);
  administrator = first.user.username;
  ({ id: patientId } = await admitPatient(t.app, cookie, { name: 'Token Patient', pulse: 72 }));
});
// The tests move the clock on by days: each starts with a session that is valid now.
beforeEach(async () => {
  ({ cookie } = await signIn(t.app, administrator));
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const reading = (token: string, minute: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/device-readings',
    headers: bearer(token),
    payload: {
      patientId,
      deviceId: 'rotating-strap',
      readingTime: new Date(t.clock.now().getTime() - minute * 60_000).toISOString(),
      heartRate: 70 + minute,
    },
  });

describe('device token rotation', () => {
  const issue = async (label = 'Bridge strap', expiresInDays = 7) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/device-tokens',
        headers: { cookie },
        payload: { patientId, label, expiresInDays },
      })
    ).json() as { id: number; token: string };
  const rotate = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/device-tokens/rotate', headers: bearer(token) });

  it('gives a device a new token of the same scope and lifetime; the old one ends at once', async () => {
    const issued = await issue();
    t.clock.advance(86_400_000);
    const rotated = await rotate(issued.token);
    expect(rotated.statusCode).toBe(201);
    const next = rotated.json();
    expect(next).toMatchObject({ patientId, label: 'Bridge strap', revokedAt: null });
    expect(next.token).toMatch(/^vgl_dev_/);
    expect(next.token).not.toBe(issued.token);
    expect(Date.parse(next.expiresAt) - Date.parse(next.createdAt)).toBe(7 * 86_400_000);
    expect((await reading(next.token, 1)).statusCode).toBe(201);
    expect((await reading(next.token, 4)).statusCode).toBe(201);
  });

  it('rotates a token once: rotating it again is refused, and gives no second valid token', async () => {
    const issued = await issue('Forked strap');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await rotate(issued.token));
    const valid = answers.filter((a) => a.statusCode === 201);
    console.log(`valid tokens from 5 rotations of one token: ${valid.length}`);
    expect(valid).toHaveLength(1);
    expect(answers.slice(1).map((a) => a.json().code)).toEqual(Array(4).fill('INVALID_DEVICE_TOKEN'));
  });

  it('rotates a token once even when the rotations arrive together', async () => {
    const issued = await issue('Raced strap');
    const answers = await Promise.all(Array.from({ length: 5 }, () => rotate(issued.token)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
  });

  it('ends every token rotated from a token when any of them is revoked, and audits rotations and revocations', async () => {
    const issued = await issue('Family strap');
    const tokens = [issued.token];
    for (let i = 0; i < 3; i++) tokens.push((await rotate(tokens.at(-1)!)).json().token);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/device-tokens/${issued.id}`,
      headers: { cookie },
    });
    expect(revoked.statusCode).toBe(200);
    const stillWriting = [];
    for (const [i, token] of tokens.entries()) {
      if ((await reading(token, 100 + i)).statusCode === 201) stillWriting.push(i);
    }
    console.log(`tokens of the family still writing after revoking the first: ${stillWriting.length}`);
    expect(stillWriting).toEqual([]);
    const audit = (
      await t.app.inject({ method: 'GET', url: '/api/audit-events?limit=4', headers: { cookie } })
    ).json() as { entityType: string; detail: string | null }[];
    const tokenRows = audit.filter((e) => e.entityType === 'DeviceToken').map((e) => e.detail);
    expect(tokenRows.filter((d) => d?.startsWith('rotated'))).toHaveLength(3);
    expect(tokenRows[0]).toMatch(/^revoked with the 3 tokens rotated from it$/);
  });

  it('ends the family when a token already rotated away is presented again (it was copied)', async () => {
    const issued = await issue('Copied strap');
    const next = (await rotate(issued.token)).json().token as string;
    expect((await reading(issued.token, 200)).statusCode).toBe(401);
    expect((await reading(next, 201)).statusCode).toBe(401);
  });

  it('takes only a device token: a session or a revoked token is refused', async () => {
    const bySession = await t.app.inject({
      method: 'POST',
      url: '/api/device-tokens/rotate',
      headers: { cookie },
    });
    expect(bySession.statusCode).toBe(401);
    expect(bySession.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      error: 'Send the device token as "Authorization: Bearer …"',
    });
    const issued = (
      await t.app.inject({
        method: 'POST',
        url: '/api/device-tokens',
        headers: { cookie },
        payload: { patientId },
      })
    ).json();
    await t.app.inject({ method: 'DELETE', url: `/api/device-tokens/${issued.id}`, headers: { cookie } });
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/device-tokens/rotate',
      headers: bearer(issued.token),
    });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('INVALID_DEVICE_TOKEN');
  });
});

describe('bridge pairing', () => {
  const pair = async (own = cookie) =>
    (await t.app.inject({ method: 'POST', url: '/api/bridge/pairings', headers: { cookie: own } })).json();
  const verify = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/bridge/pairings/verify', headers: bearer(token) });

  it('issues a one-time token to a signed-in person that the bridge verifies once', async () => {
    const { user, cookie: own } = await signUp(t.app);
    const { pairingToken, expiresAt } = await pair(own);
    expect(pairingToken).toMatch(/^vgl_pair_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expiresAt) - t.clock.now().getTime()).toBe(120_000);
    const first = await verify(pairingToken);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ user: { id: user.id, username: user.username }, expiresAt });
    const again = await verify(pairingToken);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('INVALID_PAIRING_TOKEN');
  });

  it('refuses an expired, forged or missing token, and a pairing without a session', async () => {
    const { pairingToken } = await pair();
    t.clock.advance(121_000);
    expect((await verify(pairingToken)).statusCode).toBe(401);
    expect((await verify('vgl_pair_forged')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/bridge/pairings/verify' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/bridge/pairings' })).statusCode).toBe(401);
  });

  it('refuses a pairing token once the person it was issued to may no longer manage devices', async () => {
    const nurse = await signUpAs(t.app, cookie, 'nurse');
    const { pairingToken } = await pair(nurse.cookie);
    const demoted = await t.app.inject({
      method: 'PATCH',
      url: `/api/accounts/${nurse.user.id}`,
      headers: { cookie },
      payload: { role: 'auditor' },
    });
    expect(demoted.statusCode).toBe(200);
    const res = await verify(pairingToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_PAIRING_TOKEN');
  });

  it('does not take a device token as a pairing token, nor the other way round', async () => {
    const device = (
      await t.app.inject({
        method: 'POST',
        url: '/api/device-tokens',
        headers: { cookie },
        payload: { patientId },
      })
    ).json();
    expect((await verify(device.token)).statusCode).toBe(401);
    const { pairingToken } = await pair();
    const asDevice = await t.app.inject({
      method: 'POST',
      url: '/api/device-readings',
      headers: bearer(pairingToken),
      payload: { patientId, readingTime: t.clock.now().toISOString(), heartRate: 70 },
    });
    expect(asDevice.statusCode).toBe(401);
  });
});
