import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedCentral, simulatedDeviceId } from '../src/ble/simulated-central.ts';
import { DeviceManager } from '../src/devices/device-manager.ts';
import { silentLogger } from '../src/log.ts';
import type { ReadingBody } from '../src/store/journal.ts';
import { LinkStore } from '../src/store/link-store.ts';
import { EventLog } from './event-log.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bridge-sim-'));
  const links = await LinkStore.open(dir);
  const central = new SimulatedCentral({ installationId: links.installationId, intervalMs: 20 });
  const events = new EventLog();
  const recorded: ReadingBody[] = [];
  const devices = new DeviceManager({
    central,
    links,
    record: async (items) => {
      recorded.push(...items.map((i) => i.reading));
    },
    syncState: () => null,
    publish: events.push,
    log: silentLogger,
    now: () => new Date(),
    reconnectBaseMs: 20,
  });
  cleanups.push(async () => {
    await devices.close();
    await central.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { central, devices, events, recorded, links };
}

describe('simulation mode', () => {
  it('offers one virtual device of each kind, labelled as simulated, with ids of this installation', async () => {
    const { central, events, links } = await setup();
    await central.startScan();
    await events.next('deviceFound', (e) => e.device.name === 'Simulated Blood Pressure Monitor', {
      since: 0,
    });
    const found = events.of('deviceFound').map((e) => e.device);
    expect(found.map((d) => d.name)).toEqual([
      'Simulated Heart Rate Monitor',
      'Simulated Pulse Oximeter',
      'Simulated Thermometer',
      'Simulated Blood Pressure Monitor',
    ]);
    expect(
      found.every((d) => d.simulated && d.id.startsWith('sim-') && d.id.includes(links.installationId)),
    ).toBe(true);
    // Each device has an id of its own, also in the 8 characters the screens show (spec point 9).
    expect(new Set(found.map((d) => d.id.slice(0, 8))).size).toBe(found.length);
    expect(events.of('scanStatus').at(-1)).toMatchObject({
      scanning: true,
      simulation: true,
      adapterState: 'poweredOn',
    });
  });

  it('sends real GATT frames that decode to the simulated ranges, as Simulation readings', async () => {
    const { central, devices, events, recorded } = await setup();
    await central.startScan();
    await events.next('deviceFound', (e) => e.device.name === 'Simulated Blood Pressure Monitor', {
      since: 0,
    });
    for (const d of devices.list()) await devices.connect(d.id);
    const byName = (name: string) => devices.list().find((d) => d.name === name)!.id;
    const oxi = await events.next('vitalsUpdate', (e) => e.deviceId === byName('Simulated Pulse Oximeter'), {
      since: 0,
    });
    expect(oxi.oxygenLevel).toBeGreaterThanOrEqual(97);
    expect(oxi.oxygenLevel).toBeLessThanOrEqual(99);
    const temp = await events.next('vitalsUpdate', (e) => e.deviceId === byName('Simulated Thermometer'), {
      since: 0,
    });
    expect(temp.temperature).toBeGreaterThanOrEqual(985);
    expect(temp.temperature).toBeLessThanOrEqual(989);
    const bp = await events.next(
      'vitalsUpdate',
      (e) => e.deviceId === byName('Simulated Blood Pressure Monitor'),
      {
        since: 0,
      },
    );
    expect(bp).toMatchObject({ simulated: true });
    expect(bp.systolicBP).toBeGreaterThanOrEqual(118);
    expect(bp.diastolicBP).toBeLessThanOrEqual(82);
    const hr = await events.next(
      'heartRateUpdate',
      (e) => e.deviceId === byName('Simulated Heart Rate Monitor'),
      {
        since: 0,
      },
    );
    expect(hr.heartRate).toBeGreaterThanOrEqual(68);
    expect(devices.device(byName('Simulated Heart Rate Monitor')).model).toBe('Vigil Simulated Monitor');
    expect(recorded.every((r) => r.connectionType === 'Simulation')).toBe(true);
  });

  it('a virtual device that drops is reconnected while wanted, with no value in between', async () => {
    const { central, devices, events } = await setup();
    await central.startScan();
    const found = await events.next('deviceFound', () => true, { since: 0 });
    await devices.connect(found.device.id);
    await events.next('heartRateUpdate', () => true, { since: 0 });
    const mark = events.length;
    central.dropConnection(found.device.id);
    const dropped = await events.next('deviceDisconnected', () => true, { since: mark });
    expect(dropped).toMatchObject({
      reason: 'connection lost',
      reconnecting: true,
      device: { heartRate: null },
    });
    await events.next('deviceConnected', () => true, { since: mark });
    await events.next('heartRateUpdate', () => true, { since: mark });
  });

  it('restores wanted simulated devices, and leaves wanted Bluetooth devices for a Bluetooth run', async () => {
    const { devices, links, events } = await setup();
    const simulatedId = simulatedDeviceId(links.installationId, 'heart-rate');
    await links.setWanted(simulatedId, true, 'Simulated Heart Rate Monitor');
    await links.setWanted('c0ffee000001', true, 'Polar H10');
    devices.restoreWanted();
    await events.next('deviceConnected', (e) => e.device.id === simulatedId, { since: 0 });
    expect(devices.list().map((d) => d.id)).toEqual([simulatedId]);
    expect(links.wantedDevices().map((w) => w.id)).toContain('c0ffee000001');
  });
});
