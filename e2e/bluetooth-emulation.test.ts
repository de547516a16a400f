import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bytesFromHex,
  GATT_CHARACTERISTICS as C,
  decodeCharacteristic,
  encodeBatteryLevel,
  encodeBloodPressureMeasurement,
  encodeBodySensorLocation,
  encodeHeartRateMeasurement,
  encodeModelNumberString,
  encodePlxContinuousMeasurement,
  encodeTemperatureMeasurement,
  measurementToReading,
  GATT_SERVICES as S,
} from '@vigil/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type BluetoothEmulation,
  type EmulateBluetoothOptions,
  type EmulatedPeripheral,
  emulateBluetooth,
  HCI_CONNECTION_TIMEOUT,
} from './support/bluetooth.ts';
import { launchBrowser, newPage, pageErrors } from './support/harness.ts';

// Web Bluetooth against emulated peripherals in Chromium, through a framework-free page served on
// loopback (http://127.0.0.1 is a secure context). The page prints each step and the bytes it got;
// the bytes are decoded here with the domain decoders, as Vigil will decode them.

const PAGE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/bluetooth-page');
const PAGE_FILES: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/page.js': { file: 'page.js', type: 'text/javascript; charset=utf-8' },
};
const HEART_RATE_CONTROL_POINT = 0x2a39;
const WEIGHT_SCALE_SERVICE = 0x181d;

// Named so only the `services: ['heart_rate']` filter matches it, not a name prefix.
const HEART_STRAP: EmulatedPeripheral = {
  address: '0A:00:00:00:00:01',
  name: 'Polar H10',
  services: {
    [S.heartRate]: {
      [C.heartRateMeasurement]: {
        properties: { read: true, notify: true },
        value: encodeHeartRateMeasurement({ heartRate: 72 }),
      },
      [C.bodySensorLocation]: { properties: { read: true }, value: encodeBodySensorLocation('chest') },
      [HEART_RATE_CONTROL_POINT]: { properties: { write: true } },
    },
    [S.battery]: {
      [C.batteryLevel]: {
        properties: { read: true, notify: true },
        value: encodeBatteryLevel({ batteryPct: 87 }),
      },
    },
    [S.deviceInformation]: {
      [C.modelNumberString]: {
        properties: { read: true },
        value: encodeModelNumberString({ modelNumber: 'H10' }),
      },
    },
  },
};

const THERMOMETER: EmulatedPeripheral = {
  address: '0A:00:00:00:00:02',
  name: 'Health Thermometer',
  services: {
    [S.healthThermometer]: {
      [C.temperatureMeasurement]: {
        properties: { read: true, indicate: true },
        value: encodeTemperatureMeasurement({ temperatureInUnit: 36.98, unit: 'celsius' }),
      },
    },
  },
};

const PULSE_OXIMETER: EmulatedPeripheral = {
  address: '0A:00:00:00:00:03',
  name: 'Pulse Oximeter',
  services: {
    [S.pulseOximeter]: {
      [C.plxContinuous]: {
        properties: { read: true, notify: true },
        value: encodePlxContinuousMeasurement({ oxygenLevel: 97.5, heartRate: 72 }),
      },
    },
    [S.battery]: {
      [C.batteryLevel]: { properties: { read: true }, value: encodeBatteryLevel({ batteryPct: 64 }) },
    },
  },
};

const BLOOD_PRESSURE_CUFF: EmulatedPeripheral = {
  address: '0A:00:00:00:00:04',
  name: 'health BP cuff',
  services: {
    [S.bloodPressure]: {
      [C.bloodPressureMeasurement]: {
        properties: { read: true, indicate: true },
        value: encodeBloodPressureMeasurement({
          unit: 'kPa',
          systolicInUnit: 16,
          diastolicInUnit: 10.7,
          meanArterialPressureInUnit: 12.5,
          heartRate: 72,
        }),
      },
    },
  },
};

// Matches no filter: must never be offered.
const KITCHEN_SCALE: EmulatedPeripheral = {
  address: '0A:00:00:00:00:09',
  name: 'Kitchen Scale',
  services: { [WEIGHT_SCALE_SERVICE]: {} },
};

const ALL_PERIPHERALS = [HEART_STRAP, THERMOMETER, PULSE_OXIMETER, BLOOD_PRESSURE_CUFF, KITCHEN_SCALE];

let server: http.Server;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const entry = PAGE_FILES[new URL(request.url ?? '/', 'http://127.0.0.1').pathname];
    if (!entry) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': entry.type });
    response.end(fs.readFileSync(path.join(PAGE_DIR, entry.file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser(['--enable-features=WebBluetooth']);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

interface Journey {
  context: BrowserContext;
  page: Page;
  bt: BluetoothEmulation;
}

let journey: Journey | null = null;

/** A fresh page with every test peripheral advertising; the emulation is torn down after the test. */
async function startJourney(options?: EmulateBluetoothOptions): Promise<Journey> {
  const { context, page } = await newPage(browser, baseUrl);
  const bt = await emulateBluetooth(browser, page, options);
  journey = { context, page, bt };
  for (const peripheral of ALL_PERIPHERALS) await bt.addPeripheral(peripheral);
  await page.goto('/');
  return journey;
}

afterEach(async () => {
  if (!journey) return;
  const { context, page, bt } = journey;
  journey = null;
  const problems = [...bt.problems];
  const errors = pageErrors(page);
  await bt.dispose();
  await context.close();
  expect(problems, 'problems inside the Bluetooth harness').toEqual([]);
  expect(errors, 'uncaught errors in the page').toEqual([]);
});

const logLines = (page: Page) => page.locator('#log li').allTextContents();

/** Waits for a log line and returns it. */
async function logLine(page: Page, line: string | RegExp): Promise<string> {
  const item = page.locator('#log li').filter({ hasText: line }).last();
  await item.waitFor();
  return (await item.textContent()) ?? '';
}

/** The bytes of the last "read <uuid>: …" (or "changed …") line, decoded by the domain decoder. */
async function decodedRead(page: Page, characteristic: number, verb: 'read' | 'changed' = 'read') {
  const prefix = `${verb} ${characteristic.toString(16).padStart(4, '0')}: `;
  const line = await logLine(page, prefix);
  const hex = line.slice(line.lastIndexOf(prefix) + prefix.length);
  return { hex, decoded: decodeCharacteristic(characteristic, bytesFromHex(hex)) };
}

async function connect(page: Page) {
  await page.getByRole('button', { name: 'Connect a device' }).click();
  await page
    .locator('#log li')
    .filter({ hasText: /^(ready|error )/ })
    .first()
    .waitFor();
}

describe('Web Bluetooth through the emulation harness', () => {
  it('pairs with a heart-rate strap: chooser, connect, notifications, reads and a write', async () => {
    const { page, bt } = await startJourney();
    bt.onChooser('select', HEART_STRAP.address);
    await connect(page);

    const lines = await logLines(page);
    expect(lines.slice(0, 2)).toEqual(['device: Polar H10', 'connected after 1 attempt']);
    expect(lines).toContain('subscribed 2a37');
    expect(lines).toContain('cccd 2a37: 01 00'); // notifications on, as a client reads the CCCD back
    expect(lines).toContain('subscribed 2a19');
    expect(lines.at(-1)).toBe('ready');

    const heartRate = await decodedRead(page, C.heartRateMeasurement);
    expect(heartRate.hex).toBe('00 48');
    expect(heartRate.decoded).toEqual({
      kind: 'heart-rate',
      heartRate: 72,
      sensorContact: 'unsupported',
      energyExpendedKj: null,
      rrIntervalsMs: [],
    });
    expect(measurementToReading(heartRate.decoded)).toEqual({ heartRate: 72 });
    // readValue() on a subscribed characteristic also fires characteristicvaluechanged.
    expect((await decodedRead(page, C.heartRateMeasurement, 'changed')).hex).toBe('00 48');
    expect((await decodedRead(page, C.bodySensorLocation)).decoded).toEqual({
      kind: 'body-sensor-location',
      location: 'chest',
    });
    const battery = await decodedRead(page, C.batteryLevel);
    expect(battery.decoded).toEqual({ kind: 'battery', batteryPct: 87 });
    expect(measurementToReading(battery.decoded)).toEqual({ batteryLevel: 87 });
    expect((await decodedRead(page, C.modelNumberString)).decoded).toEqual({
      kind: 'model-number',
      modelNumber: 'H10',
    });

    // Chosen by address among the devices listed (names in the chooser are empty).
    const choosers = bt.events.flatMap((e) => (e.kind === 'chooser' ? [e] : []));
    expect(choosers).toEqual([expect.objectContaining({ action: 'select', deviceId: HEART_STRAP.address })]);
    expect(choosers[0]!.listed).toContain(HEART_STRAP.address);
    expect(bt.events.filter((e) => e.kind === 'connection')).toEqual([
      { kind: 'connection', address: HEART_STRAP.address, code: 0 },
    ]);
    expect(bt.events).toContainEqual({
      kind: 'subscribe-to-notifications',
      address: HEART_STRAP.address,
      service: S.heartRate,
      characteristic: C.heartRateMeasurement,
    });

    // A new value reaches the page on its next read, and as a change event.
    bt.setValue(
      HEART_STRAP.address,
      S.heartRate,
      C.heartRateMeasurement,
      encodeHeartRateMeasurement({ heartRate: 75, sensorContact: 'detected', rrIntervalsMs: [1000, 500] }),
    );
    await page.getByRole('button', { name: 'Read again' }).click();
    await logLine(page, 'read done');
    const next = await decodedRead(page, C.heartRateMeasurement);
    expect(next.hex).toBe('16 4B 00 04 00 02');
    expect(next.decoded).toMatchObject({
      heartRate: 75,
      sensorContact: 'detected',
      rrIntervalsMs: [1000, 500],
    });
    expect((await decodedRead(page, C.heartRateMeasurement, 'changed')).hex).toBe('16 4B 00 04 00 02');

    await page.getByRole('button', { name: 'Reset energy expended' }).click();
    await logLine(page, 'energy expended reset');
    expect(bt.events).toContainEqual({
      kind: 'write',
      address: HEART_STRAP.address,
      service: S.heartRate,
      characteristic: HEART_RATE_CONTROL_POINT,
      data: Buffer.from([0x01]),
    });

    await page.getByRole('button', { name: 'Stop live updates' }).click();
    await logLine(page, 'cccd 2a19: 00 00');
    expect(await logLines(page)).toEqual(expect.arrayContaining(['stopped 2a37', 'cccd 2a37: 00 00']));
    expect(bt.events).toContainEqual({
      kind: 'unsubscribe-from-notifications',
      address: HEART_STRAP.address,
      service: S.heartRate,
      characteristic: C.heartRateMeasurement,
    });
  });

  it.each([
    {
      device: THERMOMETER,
      characteristic: C.temperatureMeasurement,
      cccd: '02 00', // indications
      hex: '00 72 0E 00 FE',
      decoded: {
        kind: 'temperature',
        temperatureInUnit: 36.98,
        unit: 'celsius',
        timestamp: null,
        temperatureType: null,
      },
      reading: { temperature: 986 }, // 36.98 °C = 98.564 °F
    },
    {
      device: PULSE_OXIMETER,
      characteristic: C.plxContinuous,
      cccd: '01 00',
      hex: '00 CF F3 48 00',
      decoded: { kind: 'plx-continuous', oxygenLevel: 97.5, heartRate: 72, fast: null, slow: null },
      reading: { oxygenLevel: 98, heartRate: 72 },
    },
    {
      device: BLOOD_PRESSURE_CUFF,
      characteristic: C.bloodPressureMeasurement,
      cccd: '02 00',
      hex: '05 10 00 6B F0 7D F0 48 00',
      decoded: {
        kind: 'blood-pressure',
        unit: 'kPa',
        systolicInUnit: 16,
        diastolicInUnit: 10.7,
        heartRate: 72,
      },
      reading: { systolicBP: 120, diastolicBP: 80, heartRate: 72 },
    },
  ])(
    'pairs with $device.name and reads its measurement',
    async ({ device, characteristic, cccd, ...expected }) => {
      const { page, bt } = await startJourney();
      bt.onChooser('select', device.address);
      await connect(page);

      const id = characteristic.toString(16);
      const lines = await logLines(page);
      expect(lines.slice(0, 2)).toEqual([`device: ${device.name}`, 'connected after 1 attempt']);
      expect(lines).toContain(`subscribed ${id}`);
      expect(lines).toContain(`cccd ${id}: ${cccd}`);
      expect(lines.at(-1)).toBe('ready');
      const { hex, decoded } = await decodedRead(page, characteristic);
      expect(hex).toBe(expected.hex);
      expect(decoded).toMatchObject(expected.decoded);
      expect(measurementToReading(decoded)).toEqual(expected.reading);
      expect((await decodedRead(page, characteristic, 'changed')).hex).toBe(expected.hex);
    },
  );

  it('reports a cancelled chooser as NotFoundError and connects to nothing', async () => {
    const { page, bt } = await startJourney();
    bt.onChooser('cancel');
    await connect(page);
    expect(await logLines(page)).toEqual([
      'error NotFoundError: User cancelled the requestDevice() chooser.',
    ]);
    expect(bt.events.filter((e) => e.kind !== 'chooser')).toEqual([]);
  });

  it('tells the page when the device drops the connection', async () => {
    const { page, bt } = await startJourney();
    bt.onChooser('select', HEART_STRAP.address);
    await connect(page);
    await bt.disconnect(HEART_STRAP.address);
    await logLine(page, 'disconnected');
    // GATT calls on a dropped connection fail with NetworkError.
    await page.getByRole('button', { name: 'Read again' }).click();
    expect(await logLine(page, /^error /)).toMatch(/^error NetworkError: /);
  });

  it('lets the page retry a connection that fails twice', async () => {
    const { page, bt } = await startJourney();
    bt.onChooser('select', HEART_STRAP.address);
    bt.failConnections(HEART_STRAP.address, 2);
    await connect(page);

    const lines = await logLines(page);
    expect(lines.slice(0, 4)).toEqual([
      'device: Polar H10',
      'connect attempt 1 failed: NetworkError: Connection Error: Connection attempt failed.',
      'connect attempt 2 failed: NetworkError: Connection Error: Connection attempt failed.',
      'connected after 3 attempts',
    ]);
    expect(lines.at(-1)).toBe('ready');
    const connections = bt.events.flatMap((e) => (e.kind === 'connection' ? [e.code] : []));
    expect(connections).toEqual([HCI_CONNECTION_TIMEOUT, HCI_CONNECTION_TIMEOUT, 0]);
    expect(measurementToReading((await decodedRead(page, C.heartRateMeasurement)).decoded)).toEqual({
      heartRate: 72,
    });
  });

  it('never offers a device no filter matches; the harness cancels such a chooser so the page does not hang', async () => {
    const { page, bt } = await startJourney({ chooserTimeoutMs: 1_000 });
    bt.onChooser('select', KITCHEN_SCALE.address); // advertises only the weight scale service
    await connect(page);
    expect(await logLines(page)).toEqual([
      'error NotFoundError: User cancelled the requestDevice() chooser.',
    ]);
    expect(bt.takeProblems()).toEqual([
      `the chooser never listed ${KITCHEN_SCALE.address} within 1000 ms; cancelled it`,
    ]);
    const choosers = bt.events.flatMap((e) => (e.kind === 'chooser' ? [e] : []));
    expect(choosers).toHaveLength(1);
    // The devices the filters do match were listed meanwhile.
    expect(choosers[0]!.listed).toEqual(
      expect.arrayContaining(
        [HEART_STRAP, THERMOMETER, PULSE_OXIMETER, BLOOD_PRESSURE_CUFF].map((p) => p.address),
      ),
    );
    expect(choosers[0]!.listed).not.toContain(KITCHEN_SCALE.address);
  });
});
