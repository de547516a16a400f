import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, signUp } from './support/factories.ts';

let t: TestApp;
let cookie: string;
let patientId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
  ({ id: patientId } = await admitPatient(t.app, cookie, { name: 'Token Patient', pulse: 72 }));
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
  it('gives a device a new token of the same scope and lifetime; the old one works ten more minutes', async () => {
    const issued = (
      await t.app.inject({
        method: 'POST',
        url: '/api/device-tokens',
        headers: { cookie },
        payload: { patientId, label: 'Bridge strap', expiresInDays: 7 },
      })
    ).json();
    t.clock.advance(86_400_000);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/device-tokens/rotate',
      headers: bearer(issued.token),
    });
    expect(rotated.statusCode).toBe(201);
    const next = rotated.json();
    expect(next).toMatchObject({ patientId, label: 'Bridge strap', revokedAt: null });
    expect(next.token).toMatch(/^vgl_dev_/);
    expect(next.token).not.toBe(issued.token);
    expect(Date.parse(next.expiresAt) - Date.parse(next.createdAt)).toBe(7 * 86_400_000);
    expect((await reading(next.token, 1)).statusCode).toBe(201);
    expect((await reading(issued.token, 2)).statusCode).toBe(201); // grace
    t.clock.advance(11 * 60_000);
    expect((await reading(issued.token, 3)).statusCode).toBe(401);
    expect((await reading(next.token, 4)).statusCode).toBe(201);
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
