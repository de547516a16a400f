import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BridgeEvent } from '@vigil/domain';
import {
  GATT_CHARACTERISTICS as C,
  encodeBatteryLevel,
  encodeHeartRateMeasurement,
  encodeModelNumberString,
  GATT_SERVICES as S,
} from '@vigil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdapterUnavailableError } from '../src/ble/central.ts';
import { NobleCentral } from '../src/ble/noble-central.ts';
import { DeviceManager } from '../src/devices/device-manager.ts';
import { silentLogger } from '../src/log.ts';
import type { ReadingBody } from '../src/store/journal.ts';
import { LinkStore } from '../src/store/link-store.ts';
import { EmulatedWorld, emulatedNoble, type VirtualPeripheralSpec } from './emulated-bindings.ts';
import { EventLog } from './event-log.ts';

const STRAP = 'c0ffee000001';
const strap: VirtualPeripheralSpec = {
  id: STRAP,
  name: 'Polar H10 7E1B2C',
  rssi: -58,
  services: [
    { uuid: S.heartRate, characteristics: [{ uuid: C.heartRateMeasurement, properties: ['notify'] }] },
    {
      uuid: S.battery,
      characteristics: [
        {
          uuid: C.batteryLevel,
          properties: ['read', 'notify'],
          value: encodeBatteryLevel({ batteryPct: 87 }),
        },
      ],
    },
    {
      uuid: S.deviceInformation,
      characteristics: [
        {
          uuid: C.modelNumberString,
          properties: ['read'],
          value: encodeModelNumberString({ modelNumber: 'H10' }),
        },
      ],
    },
  ],
};
/** A phone or beacon: no name, no health service. The bridge must not offer it. */
const beacon: VirtualPeripheralSpec = { id: 'dead00000002', name: null, services: [], advertised: [] };
/** Battery only: no health measurement to take. */
const tag: VirtualPeripheralSpec = {
  id: 'beef00000003',
  name: 'Key finder',
  services: [
    {
      uuid: S.battery,
      characteristics: [
        { uuid: C.batteryLevel, properties: ['read'], value: encodeBatteryLevel({ batteryPct: 50 }) },
      ],
    },
  ],
};

const hr = (bpm: number, sensorContact: 'detected' | 'not-detected' = 'detected') =>
  encodeHeartRateMeasurement({ heartRate: bpm, sensorContact });

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The longest wait before a reconnect attempt in these tests (the manager's reconnectMaxMs). */
const RECONNECT_MAX_MS = 100;

/**
 * The reconnect waits run on a fake clock that also moves with real time (noble's own scheduling
 * is not held up), so a test can fire every wait at once instead of sleeping through it.
 */
const fakeReconnectClock = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });

/**
 * Fires every timer due within the longest reconnect wait, then waits for each attempt they began to
 * settle (an attempt says "connecting" the moment it begins, and its outcome when it ends), so what
 * it did on the air is counted; answers those attempts. Nothing is slept through.
 */
async function attemptsPastReconnectWait(events: EventLog, deviceId: string) {
  const mark = events.length;
  vi.advanceTimersByTime(RECONNECT_MAX_MS);
  const ofDevice = (e: BridgeEvent) => 'device' in e && e.device.id === deviceId;
  const begun = events.events
    .slice(mark)
    .filter((e) => e.type === 'deviceUpdated' && ofDevice(e) && e.device.connectionState === 'connecting');
  for (const attempt of begun) {
    const since = events.events.indexOf(attempt) + 1;
    await Promise.race([
      events.next('deviceConnected', ofDevice, { since }),
      events.next('deviceUpdated', (e) => ofDevice(e) && e.device.connectionState !== 'connecting', {
        since,
      }),
    ]);
  }
  return begun;
}

async function setup(adapterState = 'poweredOn') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bridge-noble-'));
  const links = await LinkStore.open(dir);
  const world = new EmulatedWorld({ adapterState, peripherals: [strap, beacon, tag] });
  const central = new NobleCentral(emulatedNoble(world), silentLogger);
  const events = new EventLog();
  /** Each reading with the number of events published when it reached the journal. */
  const recorded: { reading: ReadingBody; eventsBefore: number }[] = [];
  const devices = new DeviceManager({
    central,
    links,
    record: async (items) => {
      for (const item of items) recorded.push({ reading: item.reading, eventsBefore: events.length });
    },
    syncState: () => null,
    publish: events.push,
    log: silentLogger,
    now: () => new Date(),
    connectTimeoutMs: 1_000,
    reconnectBaseMs: 30,
    reconnectMaxMs: RECONNECT_MAX_MS,
  });
  cleanups.push(async () => {
    await devices.close();
    await central.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  await vi.waitFor(() => expect(central.adapterState).toBe(adapterState), { timeout: 10_000 });
  return { world, central, devices, events, recorded, links };
}

describe('the noble central on emulated bindings (noble core unchanged)', () => {
  it('scans, connects, subscribes, decodes heart rate and battery, and reconnects only while wanted', async () => {
    fakeReconnectClock();
    const { world, central, devices, events, recorded, links } = await setup();

    await central.startScan();
    expect(events.of('scanStatus').at(-1)).toMatchObject({ scanning: true, adapterState: 'poweredOn' });
    const found = await events.next('deviceFound', (e) => e.device.id === STRAP, { since: 0 });
    expect(found.device).toMatchObject({
      name: 'Polar H10 7E1B2C',
      rssi: -58,
      connected: false,
      simulated: false,
    });
    await events.next('deviceFound', (e) => e.device.id === tag.id, { since: 0 });
    expect(events.of('deviceFound').map((e) => e.device.id)).not.toContain(beacon.id);
    await central.stopScan();

    await devices.connect(STRAP);
    const connected = await events.next('deviceConnected', (e) => e.device.id === STRAP, { since: 0 });
    expect(connected.device).toMatchObject({ connected: true, wanted: true, heartRate: null });
    expect(links.wantedDevices()).toEqual([{ id: STRAP, name: 'Polar H10 7E1B2C' }]);
    // Read on connect: battery, and the model number.
    expect((await events.next('batteryUpdate', () => true, { since: 0 })).batteryLevel).toBe(87);
    await vi.waitFor(() => expect(devices.device(STRAP).model).toBe('H10'), { timeout: 10_000 });

    const mark = events.length;
    expect(world.notify(STRAP, C.heartRateMeasurement, hr(72))).toBe(true);
    const beat = await events.next('heartRateUpdate', () => true, { since: mark });
    expect(beat).toMatchObject({ deviceId: STRAP, heartRate: 72, simulated: false });
    // Journaled before it was announced, with the battery of this connection riding along.
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.eventsBefore).toBeLessThanOrEqual(events.events.indexOf(beat));
    expect(recorded[0]!.reading).toMatchObject({
      deviceId: STRAP,
      deviceName: 'Polar H10 7E1B2C',
      connectionType: 'Bridge',
      heartRate: 72,
      batteryLevel: 87,
      readingTime: beat.readingTime,
    });
    world.notify(STRAP, C.batteryLevel, encodeBatteryLevel({ batteryPct: 86 }));
    expect((await events.next('batteryUpdate', (e) => e.batteryLevel === 86, { since: mark })).deviceId).toBe(
      STRAP,
    );

    // A garbled frame is dropped; the next good one still counts.
    world.notify(STRAP, C.heartRateMeasurement, new Uint8Array([0x01]));
    world.notify(STRAP, C.heartRateMeasurement, hr(75));
    await events.next('heartRateUpdate', (e) => e.heartRate === 75, { since: mark });
    expect(recorded.map((r) => r.reading.heartRate)).toEqual([72, 75]);

    // The strap goes out of range: no value any more, and the bridge tries again.
    const beforeDrop = events.length;
    world.drop(STRAP, { outOfRange: true });
    const dropped = await events.next('deviceDisconnected', () => true, { since: beforeDrop });
    expect(dropped).toMatchObject({ reconnecting: true, reason: 'connection timed out (out of range?)' });
    expect(dropped.device).toMatchObject({ connected: false, heartRate: null, batteryLevel: null });
    await vi.waitFor(() => expect(world.count('connect', STRAP)).toBeGreaterThanOrEqual(2), {
      timeout: 10_000,
    });
    world.comeBack(STRAP);
    const mark2 = events.length;
    await events.next('deviceConnected', () => true, { since: mark2, timeoutMs: 5_000 });
    world.notify(STRAP, C.heartRateMeasurement, hr(70));
    expect((await events.next('heartRateUpdate', () => true, { since: mark2 })).heartRate).toBe(70);

    // The person lets go of it: it disconnects and is never tried again.
    await devices.disconnect(STRAP);
    const gone = await events.next('deviceDisconnected', (e) => !e.reconnecting, { since: mark2 });
    expect(gone.device).toMatchObject({ wanted: false, connected: false, connectionState: 'disconnected' });
    expect(links.wantedDevices()).toEqual([]);
    const attempts = world.count('connect', STRAP);
    expect(world.notify(STRAP, C.heartRateMeasurement, hr(99))).toBe(false); // the link is closed
    expect(await attemptsPastReconnectWait(events, STRAP)).toEqual([]);
    expect(world.count('connect', STRAP)).toBe(attempts);
    expect(events.of('heartRateUpdate').map((e) => e.heartRate)).not.toContain(99);
  });

  it('clears the heart rate when the sensor loses skin contact, and marks a silent strap stale', async () => {
    // The stale check's clock and interval are faked; noble's own scheduling stays real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { world, central, devices, events } = await setup();
    await central.startScan();
    await events.next('deviceFound', (e) => e.device.id === STRAP, { since: 0 });
    await devices.connect(STRAP);
    await events.next('deviceConnected', () => true, { since: 0 });

    world.notify(STRAP, C.heartRateMeasurement, hr(72));
    await events.next('heartRateUpdate', (e) => e.heartRate === 72, { since: 0 });
    vi.advanceTimersByTime(1_000);
    const before = events.length;
    world.notify(STRAP, C.heartRateMeasurement, hr(0, 'not-detected'));
    const lost = await events.next('deviceUpdated', (e) => e.device.heartRate === null, { since: before });
    expect(lost.device.connected).toBe(true);
    expect(events.of('heartRateUpdate').map((e) => e.heartRate)).toEqual([72]);

    world.notify(STRAP, C.heartRateMeasurement, hr(74));
    await events.next('heartRateUpdate', (e) => e.heartRate === 74, { since: 0 });
    vi.advanceTimersByTime(4_000);
    expect(devices.device(STRAP).stale).toBe(false); // within its cadence (at least 5 s)
    vi.advanceTimersByTime(2_000);
    const stale = await events.next('deviceUpdated', (e) => e.device.stale, { since: 0 });
    expect(stale.device).toMatchObject({ connected: true, heartRate: null });

    const mark = events.length;
    world.notify(STRAP, C.heartRateMeasurement, hr(76));
    await events.next('heartRateUpdate', (e) => e.heartRate === 76, { since: mark });
    expect(devices.device(STRAP)).toMatchObject({ stale: false, heartRate: 76 });
  });

  it('powered off: drops connections, says what to do, refuses to scan, reconnects when powered on', async () => {
    fakeReconnectClock();
    const { world, central, devices, events } = await setup();
    await central.startScan();
    await events.next('deviceFound', (e) => e.device.id === STRAP, { since: 0 });
    await devices.connect(STRAP);
    await events.next('deviceConnected', () => true, { since: 0 });

    const mark = events.length;
    world.setAdapterState('poweredOff');
    const dropped = await events.next('deviceDisconnected', () => true, { since: mark });
    expect(dropped).toMatchObject({ reconnecting: true });
    expect(dropped.device.heartRate).toBeNull();
    expect(events.of('scanStatus').at(-1)).toMatchObject({ scanning: false, adapterState: 'poweredOff' });
    const advice = await events.next('error', (e) => e.code === 'ADAPTER_UNAVAILABLE', { since: mark });
    expect(advice.message).toMatch(/Bluetooth is turned off/);
    await expect(central.startScan()).rejects.toBeInstanceOf(AdapterUnavailableError);
    const attempts = world.count('connect', STRAP);
    await attemptsPastReconnectWait(events, STRAP);
    expect(world.count('connect', STRAP)).toBe(attempts); // nothing to try without Bluetooth

    const mark2 = events.length;
    world.setAdapterState('poweredOn');
    // noble forgot the peripheral with the adapter: the bridge finds it again and reconnects.
    await events.next('deviceConnected', (e) => e.device.id === STRAP, { since: mark2 });
    expect(world.count('startScanning')).toBeGreaterThanOrEqual(2);
    world.notify(STRAP, C.heartRateMeasurement, hr(64));
    expect((await events.next('heartRateUpdate', () => true, { since: mark2 })).heartRate).toBe(64);
  });

  it('no usable adapter: reports unsupported with advice and keeps working', async () => {
    const { central, devices, events } = await setup('unsupported');
    expect(devices.scanStatus()).toEqual({
      type: 'scanStatus',
      scanning: false,
      adapterState: 'unsupported',
      simulation: false,
    });
    expect(devices.adapterAdvice()).toMatchObject({ code: 'ADAPTER_UNAVAILABLE' });
    const error = await central.startScan().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdapterUnavailableError);
    expect((error as Error).message).toMatch(/--simulate/);
    await expect(devices.connect(STRAP)).rejects.toMatchObject({ code: 'UNKNOWN_DEVICE' });
    expect(events.of('deviceConnected')).toEqual([]);
  });

  it('refuses a device with no health measurement and keeps trying only while it is wanted', async () => {
    fakeReconnectClock();
    const { world, central, devices, events } = await setup();
    await central.startScan();
    await events.next('deviceFound', (e) => e.device.id === tag.id, { since: 0 });
    await devices.connect(tag.id);
    const failure = await events.next('error', (e) => e.code === 'CONNECT_FAILED', { since: 0 });
    expect(failure.message).toMatch(/none of the supported health measurements/);
    expect(world.isConnected(tag.id)).toBe(false); // let go of, not left half connected
    await devices.disconnect(tag.id);
    const attempts = world.count('connect', tag.id);
    expect(await attemptsPastReconnectWait(events, tag.id)).toEqual([]);
    expect(world.count('connect', tag.id)).toBe(attempts);
  });
});
