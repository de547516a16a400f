import { DEVICE_LINK_LEASE_MS, type DeviceLink, DeviceTokenIssued, type Patient } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, recordReadings, type Session, signUp } from './support/factories.ts';

/**
 * Issue 39 item 4: a bridge device's link is made by the server when it issues the device's token,
 * so no browser keeps it; closing the tab that asked leaves no link that nobody can see or end.
 */
let t: TestApp;
let first: Session;
let second: Session;
let patient: Patient;
beforeAll(async () => {
  t = await createTestApp();
  first = await signUp(t.app);
  second = await signUp(t.app);
  patient = await admitPatient(t.app, first.cookie, { name: 'Bridge Patient' });
});
afterAll(() => t.close());

const call = (session: Session, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { cookie: session.cookie },
    ...(payload ? { payload } : {}),
  });
const linksOf = async (session: Session, patientId: number) =>
  (await call(session, 'GET', `/api/device-links?patientId=${patientId}`)).json() as DeviceLink[];

const issueFor = (session: Session, patientId: number, deviceId: string, connectionType = 'Bridge') =>
  call(session, 'POST', '/api/device-tokens', {
    patientId,
    label: `Bridge: ${deviceId}`,
    expiresInDays: 30,
    device: { deviceId, deviceName: 'Polar H10', connectionType, batteryLevel: 80 },
  });

describe('a device token issued for a device links it', () => {
  it('answers the token with the device link, which every screen then reads from the server', async () => {
    const res = await issueFor(first, patient.id, 'bridge-aa:01');
    expect(res.statusCode).toBe(201);
    const issued = DeviceTokenIssued.parse(res.json());
    expect(issued.token).toMatch(/^vgl_dev_/);
    expect(issued.link).toMatchObject({
      patientId: patient.id,
      deviceId: 'bridge-aa:01',
      deviceName: 'Polar H10',
      connectionType: 'Bridge',
      status: 'connected',
      batteryLevel: 80,
      simulated: false,
    });
    // Another nurse's screen, which never saw the answer, reads the same link.
    expect(await linksOf(second, patient.id)).toContainEqual(issued.link);
    const record = (await call(second, 'GET', `/api/patients/${patient.id}`)).json() as Patient;
    expect(record.devices.map((d) => d.linkId)).toContain(issued.link!.id);
    // The audit trail says which link the token was issued for.
    const trail = (await call(first, 'GET', `/api/audit-events?patientId=${patient.id}`)).json();
    const rows = trail as { entityType: string; detail: string | null }[];
    expect(
      rows.some((r) => r.entityType === 'DeviceToken' && r.detail?.includes(`link ${issued.link!.id}`)),
    ).toBe(true);
  });

  it('issues a token without a link when no device is named (an API client, as before)', async () => {
    const res = await call(first, 'POST', '/api/device-tokens', { patientId: patient.id, label: 'Cuff' });
    expect(res.statusCode).toBe(201);
    expect(res.json().link).toBeNull();
  });

  it('refuses a simulated device on a real patient before any token exists', async () => {
    const before = (await call(first, 'GET', `/api/patients/${patient.id}/device-tokens`)).json().length;
    const res = await issueFor(first, patient.id, 'sim-1abc-hr', 'Simulation');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SIMULATION_REAL_PATIENT');
    const after = (await call(first, 'GET', `/api/patients/${patient.id}/device-tokens`)).json().length;
    expect(after).toBe(before);
    expect((await linksOf(first, patient.id)).some((l) => l.deviceId === 'sim-1abc-hr')).toBe(false);
  });

  it('refuses a device connection type a token cannot upload for', async () => {
    const res = await issueFor(first, patient.id, 'ble-1', 'Bluetooth');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('device.connectionType must be one of Bridge, Simulation');
  });
});

describe('closing the tab that synced a bridge device does not orphan its link', () => {
  it('the link lives on the server: leased by the bridge uploads, seen and ended from another tab', async () => {
    const other = await admitPatient(t.app, first.cookie, { name: 'Orphan Check' });
    const issued = DeviceTokenIssued.parse((await issueFor(first, other.id, 'bridge-bb:02')).json());
    const linkId = issued.link!.id;

    // The tab that asked closes: its session ends with it, and nothing of the link was kept there.
    expect((await call(first, 'POST', '/api/logout')).statusCode).toBeLessThan(300);

    // The bridge uploads with the token; the link stays connected past the lease while it does.
    for (let i = 0; i < 3; i++) {
      t.clock.advance(DEVICE_LINK_LEASE_MS / 2);
      await recordReadings(
        t.app,
        { token: issued.token },
        {
          patientId: other.id,
          deviceId: 'bridge-bb:02',
          deviceName: 'Polar H10',
          connectionType: 'Bridge',
          readingTime: t.clock.now().toISOString(),
          heartRate: 70 + i,
        },
      );
      await t.app.services.deviceLinks.sweep();
    }
    const live = (await linksOf(second, other.id)).find((l) => l.id === linkId);
    expect(live).toMatchObject({ status: 'connected', lastReadingAt: t.clock.now().toISOString() });

    // Syncing the device again from a new tab replaces the link: never two for one device.
    const again = DeviceTokenIssued.parse((await issueFor(second, other.id, 'bridge-bb:02')).json());
    const active = (await linksOf(second, other.id)).filter((l) => l.deviceId === 'bridge-bb:02');
    expect(active.map((l) => l.id)).toEqual([again.link!.id]);

    // The bridge stops: the link is lost on every screen, not left saying connected.
    t.clock.advance(DEVICE_LINK_LEASE_MS + 1000);
    await t.app.services.deviceLinks.sweep();
    const silent = (await linksOf(second, other.id)).find((l) => l.id === again.link!.id);
    expect(silent).toMatchObject({ status: 'lost', lostReason: 'not-reporting' });

    // Any screen may end it, not only the one that made it.
    const ended = await call(second, 'DELETE', `/api/device-links/${again.link!.id}`);
    expect(ended.statusCode).toBe(200);
    expect(await linksOf(second, other.id)).toEqual([]);
    const record = (await call(second, 'GET', `/api/patients/${other.id}`)).json() as Patient;
    expect(record.devices).toEqual([]);
  });
});
