import { DEVICE_LINK_LEASE_MS, DeviceLink, type PatientDevice } from '@vigil/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { signUp } from './support/factories.ts';

let t: TestApp;
let cookie: string;
const admitted: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
  for (const name of ['Link One', 'Link Two']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { cookie },
      payload: {
        name,
        condition: 'Stable',
        oxygenLevel: 97,
        pulse: 72,
        systolicBP: 120,
        diastolicBP: 80,
        temperature: 986,
      },
    });
    admitted.push(res.json().id);
  }
});
afterAll(() => t.close());

const call = (method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('device links', () => {
  it('links a device to a patient and lists it with its last reading and battery', async () => {
    const [one] = admitted;
    const created = await call('POST', '/api/device-links', {
      patientId: one,
      deviceId: 'ble-aa:bb',
      deviceName: 'Polar H10',
      connectionType: 'Bluetooth',
    });
    expect(created.statusCode).toBe(201);
    expect(DeviceLink.parse(created.json())).toMatchObject({
      patientId: one,
      deviceId: 'ble-aa:bb',
      state: 'connected',
      simulated: false,
      lastReadingAt: null,
      endedAt: null,
    });
    const time = new Date(t.clock.now().getTime() - 60_000).toISOString();
    await call('POST', '/api/device-readings', {
      patientId: one,
      deviceId: 'ble-aa:bb',
      deviceName: 'Polar H10',
      connectionType: 'Bluetooth',
      readingTime: time,
      heartRate: 88,
      batteryLevel: 64,
    });
    const list = (await call('GET', `/api/device-links?patientId=${one}`)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ deviceId: 'ble-aa:bb', lastReadingAt: time, batteryLevel: 64 });
  });

  it('moves a device to another patient: one active link per device', async () => {
    const [one, two] = admitted;
    await call('POST', '/api/device-links', {
      patientId: one,
      deviceId: 'moving',
      connectionType: 'Bluetooth',
    });
    await call('POST', '/api/device-links', {
      patientId: two,
      deviceId: 'moving',
      connectionType: 'Bluetooth',
    });
    const all = (await call('GET', '/api/device-links')).json() as DeviceLink[];
    expect(all.filter((l) => l.deviceId === 'moving').map((l) => l.patientId)).toEqual([two]);
  });

  it('reports connection state changes and ends a link', async () => {
    const [one] = admitted;
    const { id } = (
      await call('POST', '/api/device-links', {
        patientId: one,
        deviceId: 'flaky',
        connectionType: 'Bluetooth',
      })
    ).json();
    t.clock.advance(1000);
    const reconnecting = await call('PATCH', `/api/device-links/${id}`, {
      state: 'reconnecting',
      batteryLevel: 15,
    });
    expect(reconnecting.json()).toMatchObject({ state: 'reconnecting', batteryLevel: 15 });
    expect(reconnecting.json().stateChangedAt).not.toBe(reconnecting.json().linkedAt);
    const ended = await call('DELETE', `/api/device-links/${id}`);
    expect(ended.json()).toMatchObject({ state: 'disconnected', endedAt: expect.any(String) });
    expect((await call('PATCH', `/api/device-links/${id}`, { state: 'connected' })).statusCode).toBe(404);
    const list = (await call('GET', `/api/device-links?patientId=${one}`)).json() as DeviceLink[];
    expect(list.some((l) => l.id === id)).toBe(false);
  });

  it("keeps a browser's link alive by heartbeat; the sweep marks a silent one lost on every screen and finds it again", async () => {
    const [one] = admitted;
    const created = DeviceLink.parse(
      (
        await call('POST', '/api/device-links', {
          patientId: one,
          deviceId: 'ble-heart:1',
          connectionType: 'Bluetooth',
        })
      ).json(),
    );
    const events = async (type: string) => {
      const result = await t.database.db.execute(
        type === 'device-link-changed'
          ? sql`select count(*)::int as n from live_events where type = ${type} and data->>'id' = ${String(created.id)}`
          : sql`select count(*)::int as n from live_events where type = ${type} and patient_id = ${one}`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    const patientDevice = async () =>
      ((await call('GET', `/api/patients/${one}`)).json().devices as PatientDevice[]).find(
        (d) => d.linkId === created.id,
      )!;
    const before = await events('device-link-changed');
    expect(await patientDevice()).toMatchObject({ status: 'connected', lostAt: null });

    // A live holder: each heartbeat moves lastSeenAt, and no screen is told (nothing changed).
    t.clock.advance(10_000);
    let res = await call('POST', `/api/device-links/${created.id}/heartbeat`);
    expect(res.statusCode).toBe(200);
    let link = DeviceLink.parse(res.json());
    expect(link.lastSeenAt).toBe(t.clock.now().toISOString());
    await t.app.services.deviceLinks.sweep();
    expect(await events('device-link-changed')).toBe(before);
    const heardAt = link.lastSeenAt;

    // Within the lease nothing is lost; past it the sweep marks it lost since it was last heard.
    t.clock.advance(DEVICE_LINK_LEASE_MS);
    await t.app.services.deviceLinks.sweep();
    expect((await patientDevice()).status).toBe('connected');
    const patientEventsBefore = await events('patient-updated');
    t.clock.advance(1);
    await t.app.services.deviceLinks.sweep();
    await t.app.services.deviceLinks.sweep(); // a second sweep (another instance) changes nothing
    expect(await events('device-link-changed')).toBe(before + 1);
    expect(await events('patient-updated')).toBe(patientEventsBefore + 1);
    link = ((await call('GET', `/api/device-links?patientId=${one}`)).json() as DeviceLink[]).find(
      (l) => l.id === created.id,
    )!;
    expect(link).toMatchObject({
      state: 'connected',
      status: 'lost',
      lostAt: heardAt,
      lostReason: 'not-reporting',
    });
    expect(await patientDevice()).toMatchObject({
      status: 'lost',
      lostAt: heardAt,
      lostReason: 'not-reporting',
    });
    const patient = (await call('GET', `/api/patients/${one}`)).json();
    expect(patient.vitalWatchConnected).toBe(false);

    // The holder is back: one event, so the screens drop "Device lost".
    res = await call('POST', `/api/device-links/${created.id}/heartbeat`);
    expect(DeviceLink.parse(res.json())).toMatchObject({ status: 'connected', lostAt: null });
    expect(await events('device-link-changed')).toBe(before + 2);
    expect(await patientDevice()).toMatchObject({ status: 'connected', lostAt: null });

    // Disconnected from another screen: the holder's next heartbeat is a 404 and it lets go.
    await call('DELETE', `/api/device-links/${created.id}`);
    res = await call('POST', `/api/device-links/${created.id}/heartbeat`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'DEVICE_LINK_NOT_FOUND' });
    expect((await call('GET', `/api/patients/${one}`)).json().devices).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ linkId: created.id })]),
    );
  });

  it('a device whose browser gave up is lost ("dropped") at once; a reading through the bridge keeps its link alive', async () => {
    const [, two] = admitted;
    const { id } = (
      await call('POST', '/api/device-links', {
        patientId: two,
        deviceId: 'gives-up',
        connectionType: 'Bluetooth',
      })
    ).json();
    t.clock.advance(5_000);
    const gaveUp = await call('PATCH', `/api/device-links/${id}`, { state: 'disconnected' });
    expect(gaveUp.json()).toMatchObject({
      status: 'lost',
      lostReason: 'dropped',
      lostAt: t.clock.now().toISOString(),
    });
    const device = (await call('GET', `/api/patients/${two}`))
      .json()
      .devices.find((d: PatientDevice) => d.linkId === id);
    expect(device).toMatchObject({ status: 'lost', lostReason: 'dropped' });
    const back = await call('PATCH', `/api/device-links/${id}`, { state: 'connected' });
    expect(back.json()).toMatchObject({ status: 'connected', lostAt: null, lostReason: null });

    // A bridge's link is leased through its uploads.
    const bridge = (
      await call('POST', '/api/device-links', {
        patientId: two,
        deviceId: 'bridge-hr',
        connectionType: 'Bridge',
      })
    ).json();
    t.clock.advance(DEVICE_LINK_LEASE_MS - 1000);
    await call('POST', '/api/device-readings', {
      patientId: two,
      deviceId: 'bridge-hr',
      connectionType: 'Bridge',
      readingTime: t.clock.now().toISOString(),
      heartRate: 80,
    });
    t.clock.advance(2000);
    await t.app.services.deviceLinks.sweep();
    const links = (await call('GET', `/api/device-links?patientId=${two}`)).json() as DeviceLink[];
    expect(links.find((l) => l.id === bridge.id)?.status).toBe('connected');
    t.clock.advance(DEVICE_LINK_LEASE_MS);
    await t.app.services.deviceLinks.sweep();
    const later = (await call('GET', `/api/device-links?patientId=${two}`)).json() as DeviceLink[];
    expect(later.find((l) => l.id === bridge.id)).toMatchObject({
      status: 'lost',
      lostReason: 'not-reporting',
    });
  });

  it('refuses bad input with messages a person can act on', async () => {
    const bad = await call('POST', '/api/device-links', {
      patientId: admitted[0],
      deviceId: 'x',
      connectionType: 'Carrier pigeon',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('connectionType must be one of Bluetooth, Bridge, WHOOP API, Simulation');
    const unknown = await call('POST', '/api/device-links', {
      patientId: 999999,
      deviceId: 'x',
      connectionType: 'Bluetooth',
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await call('PATCH', '/api/device-links/1', {});
    expect(empty.json().error).toBe('Send at least one field to change (state, batteryLevel)');
  });
});

describe('simulation, a server setting', () => {
  it('is accepted by default outside production and refused when turned off', async () => {
    const off = await createTestApp({ env: { ACCEPT_SIMULATED_READINGS: 'false' } });
    try {
      const { cookie: own } = await signUp(off.app);
      const patientId = (
        await off.app.inject({
          method: 'POST',
          url: '/api/patients',
          headers: { cookie: own },
          payload: {
            name: 'Sim',
            condition: 'Stable',
            oxygenLevel: 97,
            pulse: 72,
            systolicBP: 120,
            diastolicBP: 80,
            temperature: 986,
          },
        })
      ).json().id;
      const config = (
        await off.app.inject({ method: 'GET', url: '/api/config', headers: { cookie: own } })
      ).json();
      expect(config.features.simulation).toBe(false);
      const link = await off.app.inject({
        method: 'POST',
        url: '/api/device-links',
        headers: { cookie: own },
        payload: {
          patientId,
          deviceId: 'demo-1',
          deviceName: 'Demo Heart Rate Monitor',
          connectionType: 'Simulation',
        },
      });
      expect(link.statusCode).toBe(403);
      expect(link.json().code).toBe('SIMULATION_DISABLED');
      const reading = await off.app.inject({
        method: 'POST',
        url: '/api/device-readings',
        headers: { cookie: own },
        payload: {
          patientId,
          deviceId: 'demo-1',
          deviceName: 'Demo Heart Rate Monitor',
          connectionType: 'Simulation',
          readingTime: off.clock.now().toISOString(),
          heartRate: 72,
        },
      });
      expect(reading.statusCode).toBe(403);
      expect(reading.json().error).toMatch(/does not accept simulated devices or readings/);
    } finally {
      await off.close();
    }
    const on = (await call('GET', '/api/config')).json();
    expect(on.features.simulation).toBe(true);
  });
});
