import { DEVICE_LINK_LEASE_MS, DeviceLink, isLinkSilent } from '@vigil/domain';
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

  it("keeps a browser's link alive by heartbeat, tells other screens only when a silent one speaks again, and 404s an ended one", async () => {
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
    const events = async () => {
      const result = await t.database.db.execute(
        sql`select count(*)::int as n from live_events where type = 'device-link-changed' and data->>'id' = ${String(created.id)}`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    const before = await events();

    // A live holder: each heartbeat moves lastSeenAt, and no screen is told (nothing changed).
    t.clock.advance(10_000);
    let res = await call('POST', `/api/device-links/${created.id}/heartbeat`);
    expect(res.statusCode).toBe(200);
    let link = DeviceLink.parse(res.json());
    expect(link.lastSeenAt).toBe(t.clock.now().toISOString());
    expect(isLinkSilent(link, t.clock.now().getTime())).toBe(false);
    expect(await events()).toBe(before);

    // The holding window closes: past the lease every screen reads it as not reporting.
    t.clock.advance(DEVICE_LINK_LEASE_MS + 1);
    const listed = (await call('GET', `/api/device-links?patientId=${one}`)).json() as DeviceLink[];
    link = listed.find((l) => l.id === created.id)!;
    expect(link.state).toBe('connected');
    expect(isLinkSilent(link, t.clock.now().getTime())).toBe(true);

    // The holder is back: one event, so the screens drop "Not reporting".
    res = await call('POST', `/api/device-links/${created.id}/heartbeat`);
    expect(isLinkSilent(DeviceLink.parse(res.json()), t.clock.now().getTime())).toBe(false);
    expect(await events()).toBe(before + 1);

    // Disconnected from another screen: the holder's next heartbeat is a 404 and it lets go.
    await call('DELETE', `/api/device-links/${created.id}`);
    res = await call('POST', `/api/device-links/${created.id}/heartbeat`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'DEVICE_LINK_NOT_FOUND' });
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
