import {
  GATT_CHARACTERISTICS as C,
  celsiusToTenthsF,
  encodeBatteryLevel,
  encodeBloodPressureMeasurement,
  encodeHeartRateMeasurement,
  encodeModelNumberString,
  encodePlxContinuousMeasurement,
  encodeTemperatureMeasurement,
  type Patient,
  GATT_SERVICES as S,
} from '@vigil/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BluetoothEmulation, type EmulatedPeripheral, emulateBluetooth } from './support/bluetooth.ts';
import { admitPatient, demoPatients, getPatient, readingsOf, signUp } from './support/fixtures.ts';
import {
  card,
  EMPTY_WARD,
  expectNoSeriousAxeViolations,
  launchBrowser,
  newPage,
  pageErrors,
  region,
  resizeTo,
  screenshot,
  startApp,
  toast,
  useApp,
  visibleText,
} from './support/harness.ts';

// The Bluetooth Device Manager and the Patient Integration card against emulated peripherals
// (Chromium's BluetoothEmulation, e2e/support/bluetooth.ts). The emulation cannot push
// notifications, so values reach the app through the reads it makes every few seconds.

const app = useApp(EMPTY_WARD);
/** Chromium with Web Bluetooth; `app.browser` has none (Linux keeps it behind this flag). */
let btBrowser: Browser;

beforeAll(async () => {
  btBrowser = await launchBrowser(['--enable-features=WebBluetooth']);
});
afterAll(async () => {
  await btBrowser?.close();
});

const HEART_MONITOR: EmulatedPeripheral = {
  address: '0B:00:00:00:00:01',
  name: 'Heart Monitor HRM-1',
  services: {
    [S.heartRate]: {
      [C.heartRateMeasurement]: {
        properties: { read: true, notify: true },
        value: encodeHeartRateMeasurement({ heartRate: 88, sensorContact: 'detected' }),
      },
    },
    [S.battery]: {
      [C.batteryLevel]: {
        properties: { read: true, notify: true },
        value: encodeBatteryLevel({ batteryPct: 87 }),
      },
    },
    [S.healthThermometer]: {
      [C.temperatureMeasurement]: {
        properties: { read: true, indicate: true },
        value: encodeTemperatureMeasurement({ temperatureInUnit: 37.2, unit: 'celsius' }),
      },
    },
    [S.deviceInformation]: {
      [C.modelNumberString]: {
        properties: { read: true },
        value: encodeModelNumberString({ modelNumber: 'HRM-1' }),
      },
    },
  },
};

const PULSE_OXIMETER: EmulatedPeripheral = {
  address: '0B:00:00:00:00:02',
  name: 'Pulse Oximeter PO-3',
  services: {
    [S.pulseOximeter]: {
      [C.plxContinuous]: {
        properties: { read: true, notify: true },
        value: encodePlxContinuousMeasurement({ oxygenLevel: 94, heartRate: 77 }),
      },
    },
  },
};

const BP_CUFF: EmulatedPeripheral = {
  address: '0B:00:00:00:00:03',
  name: 'Health BP Cuff',
  services: {
    [S.bloodPressure]: {
      [C.bloodPressureMeasurement]: {
        properties: { read: true, indicate: true },
        value: encodeBloodPressureMeasurement({
          unit: 'mmHg',
          systolicInUnit: 146,
          diastolicInUnit: 92,
          meanArterialPressureInUnit: 110,
          heartRate: 77,
        }),
      },
    },
  },
};

interface Journey {
  context: BrowserContext;
  page: Page;
  bt: BluetoothEmulation | null;
}
let journey: Journey | null = null;

afterEach(async () => {
  if (!journey) return;
  const { context, page, bt } = journey;
  journey = null;
  const problems = bt ? [...bt.problems] : [];
  const errors = pageErrors(page);
  await bt?.dispose();
  await context.close();
  expect(problems, 'problems inside the Bluetooth harness').toEqual([]);
  expect(errors, 'uncaught errors in the page').toEqual([]);
});

/** A signed-in nurse on the manager page with the peripherals advertising, and a patient of their own. */
async function startOnManager(
  peripherals: EmulatedPeripheral[],
  screen?: (patient: Patient) => string,
  options: { clock?: boolean } = {},
) {
  const { context, page } = await newPage(btBrowser, app.baseUrl);
  const bt = await emulateBluetooth(btBrowser, page);
  journey = { context, page, bt };
  for (const p of peripherals) await bt.addPeripheral(p);
  // The page's timers on a clock the test may pause and move (time flows as usual until it does).
  if (options.clock) await page.clock.install();
  await signUp(page);
  const patient = await admitPatient(page);
  if (screen) {
    await page.goto(screen(patient));
    return { context, page, bt, patient };
  }
  await page.goto('/bluetooth-manager');
  await page.getByRole('heading', { level: 1, name: 'Bluetooth Device Manager' }).waitFor();
  return { context, page, bt, patient };
}

const connectedDevices = (page: Page) => region(page, 'Connected Devices');
const rowOf = (page: Page, deviceName: string) =>
  connectedDevices(page).getByRole('row').filter({ hasText: deviceName });

async function choosePatient(page: Page, patient: Patient) {
  await region(page, 'Connect New Device').getByLabel('Patient').selectOption({ label: patient.name });
}

/** The text of a vital card on the patient page, e.g. 'Pulse'. */
const vitalCard = (page: Page, label: string) =>
  region(page, 'Vital signs')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: label }) });

/** Waits until `read` answers what `expected` accepts (polling the screen or the API). */
async function eventually<T>(read: () => Promise<T>, expected: (value: T) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!expected(value)) {
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
    value = await read();
  }
  return value;
}

/** How often the page reads a held device (POLL_INTERVAL_MS of features/bluetooth/lib/bluetooth-constants.ts). */
const POLL_INTERVAL_MS = 5_000;

describe('Bluetooth Device Manager with Web Bluetooth', () => {
  it('connects a heart-rate monitor with battery and thermometer to a patient; its values reach every screen; a drop shows and reconnects', async () => {
    const { context, page, bt, patient } = await startOnManager([HEART_MONITOR]);
    await connectedDevices(page).getByText('No devices connected').waitFor();
    await expect(visibleText(connectedDevices(page))).resolves.toContain(
      'Supported services: Heart Rate, Battery and Health Thermometer',
    );
    await expectNoSeriousAxeViolations(page);

    bt.onChooser('select', HEART_MONITOR.address);
    await choosePatient(page, patient);
    await page.getByRole('button', { name: 'Scan for Devices' }).click();
    await toast(page, 'Bluetooth Connected').waitFor();

    const row = rowOf(page, HEART_MONITOR.name);
    await row.getByText('Connected (Real Device)').waitFor();
    const rowText = await visibleText(row);
    expect(rowText).toContain(patient.name);
    expect(rowText).toContain('GATT Connected');
    expect(rowText).toContain('Health Monitor');
    await row.getByText('87%').waitFor();
    await expect(row.getByRole('link', { name: patient.name }).getAttribute('href')).resolves.toBe(
      `/patient/${patient.id}`,
    );
    // The chooser was asked with the spec's filters: the device matched on the Heart Rate service.
    expect(bt.events.some((e) => e.kind === 'chooser' && e.action === 'select')).toBe(true);

    // The server has the readings, sent as Bluetooth with the device's name, and the patient is marked.
    // Each goes as soon as it is decoded (the heart rate at once; the battery and temperature read
    // just after it go in the next request), so they may be readings of their own.
    const readings = await eventually(
      () => readingsOf(page, patient.id),
      (r) =>
        r.some((x) => x.heartRate === 88) &&
        r.some((x) => x.batteryLevel !== null) &&
        r.some((x) => x.temperature !== null),
    );
    const fromDevice = { connectionType: 'Bluetooth', deviceName: HEART_MONITOR.name };
    expect(readings.find((x) => x.heartRate === 88)).toMatchObject(fromDevice);
    expect(readings.find((x) => x.batteryLevel !== null)).toMatchObject({ ...fromDevice, batteryLevel: 87 });
    expect(readings.find((x) => x.temperature !== null)).toMatchObject({
      ...fromDevice,
      temperature: celsiusToTenthsF(37.2),
    });
    await expect(getPatient(page, patient.id)).resolves.toMatchObject({
      hasVitalWatch: true,
      vitalWatchType: HEART_MONITOR.name,
      vitalWatchConnected: true,
    });
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'bluetooth-manager-connected');

    // A second tab: the patient's record (vital cards, chart, integration card), live.
    const record = await context.newPage();
    await record.goto(`/patient/${patient.id}`);
    await record.getByRole('heading', { level: 1, name: patient.name }).waitFor();
    await vitalCard(record, 'Pulse').getByText('88').waitFor();
    await vitalCard(record, 'Temperature').getByText('37.2').waitFor();
    // Each value says where it comes from: the device, by name, and how long ago.
    await vitalCard(record, 'Pulse')
      .getByText(`Device · ${HEART_MONITOR.name} · `, { exact: false })
      .waitFor();
    const chart = region(record, 'Vital signs trend (24 h)');
    await chart
      .locator('[data-trend-sources]')
      .getByText(`Device · ${HEART_MONITOR.name}`, { exact: false })
      .waitFor();
    const integration = region(record, 'Patient Integration');
    await integration.getByText(HEART_MONITOR.name).first().waitFor();
    await integration.getByText('87%').waitFor();

    // A third tab: the dashboard's card for the patient.
    const dashboard = await context.newPage();
    await dashboard.goto('/');
    await card(dashboard, patient.name).getByText('88').first().waitFor();

    // A new value from the device reaches the open record without a reload.
    bt.setValue(
      HEART_MONITOR.address,
      S.heartRate,
      C.heartRateMeasurement,
      encodeHeartRateMeasurement({ heartRate: 104, sensorContact: 'detected' }),
    );
    await vitalCard(record, 'Pulse').getByText('104').waitFor({ timeout: 20_000 });
    await card(dashboard, patient.name).getByText('104').first().waitFor({ timeout: 20_000 });

    // The device drops: "Disconnected" at once, then it reconnects by itself.
    const connectionsBefore = bt.events.filter((e) => e.kind === 'connection').length;
    await bt.disconnect(HEART_MONITOR.address);
    await row.getByText('Disconnected', { exact: true }).waitFor({ timeout: 2_000 });
    // The device comes back (the emulation forgets its services on a drop: give them back).
    await bt.restoreServices(HEART_MONITOR.address);
    await row.getByText('Connected (Real Device)').waitFor({ timeout: 15_000 });
    expect(bt.events.filter((e) => e.kind === 'connection').length).toBeGreaterThan(connectionsBefore);

    // The nurse disconnects it: the link ends on every screen, the patient is no longer "connected".
    await row.getByRole('button', { name: /Disconnect/ }).click();
    await toast(
      page,
      'Device Disconnected',
      `Successfully disconnected device for patient ID ${patient.id}`,
    ).waitFor();
    await connectedDevices(page).getByText('No devices connected').waitFor();
    await integration.getByText('No device linked to this patient.').waitFor();
    await expect(getPatient(page, patient.id)).resolves.toMatchObject({ vitalWatchConnected: false });
    // Disconnecting the selected patient's device cleared the selection.
    await expect(region(page, 'Connect New Device').getByLabel('Patient').inputValue()).resolves.toBe('');
    await record.close();
    await dashboard.close();
  });

  it('says so when the chooser is cancelled or no device is available, and never connects a demo device', async () => {
    const { page, bt, patient } = await startOnManager([HEART_MONITOR]);
    await page.getByRole('button', { name: 'Scan for Devices' }).click();
    await region(page, 'Connect New Device').getByText('Please select a patient first').waitFor();

    await choosePatient(page, patient);
    bt.onChooser('cancel');
    await page.getByRole('button', { name: 'Scan for Devices' }).click();
    await region(page, 'Connect New Device')
      .getByText("Device selection was cancelled. Please try again when you're ready to connect.")
      .waitFor();
    await toast(page, 'Bluetooth Error').waitFor();

    await bt.setAdapterState('absent');
    await page.getByRole('button', { name: 'Scan for Devices' }).click();
    await region(page, 'Connect New Device')
      .getByText(
        'No compatible health monitoring device was selected. Please ensure your device is powered on and try again.',
      )
      .waitFor();
    await connectedDevices(page).getByText('No devices connected').waitFor();
    // Nothing from a device: the admission's own set is the patient's only reading.
    expect((await readingsOf(page, patient.id)).map((r) => r.provenance)).toEqual(['observation']);
    await expect(page.getByRole('button', { name: 'Use Demo Device' }).count()).resolves.toBe(0);
  });

  it('feeds SpO2 from a pulse oximeter and blood pressure from a cuff, from the patient record', async () => {
    const { context, page, bt, patient } = await startOnManager(
      [PULSE_OXIMETER, BP_CUFF],
      (p) => `/patient/${p.id}`,
      { clock: true },
    );
    const integration = region(page, 'Patient Integration');
    await integration.waitFor();

    bt.onChooser('select', PULSE_OXIMETER.address);
    await integration.getByRole('button', { name: 'Connect Bluetooth device' }).click();
    // The connection as the card holds it. Its "Bluetooth Connected" toast is checked by the manager's
    // journey above; here, once in a clean-clone run, it was not seen within 30 s (cause not found).
    await integration.getByText(PULSE_OXIMETER.name).first().waitFor();
    bt.onChooser('select', BP_CUFF.address);
    await integration.getByRole('button', { name: 'Connect Bluetooth device' }).click();
    await integration.getByText(BP_CUFF.name).first().waitFor();

    await vitalCard(page, 'Oxygen Level').getByText('94').waitFor({ timeout: 20_000 });
    await vitalCard(page, 'Blood Pressure').getByText('146/92').waitFor({ timeout: 20_000 });
    await vitalCard(page, 'Oxygen Level').getByText('Low').waitFor();

    // Another nurse's screen lists both devices for the patient.
    const other = await context.newPage();
    await other.goto('/bluetooth-manager');
    await rowOf(other, PULSE_OXIMETER.name).getByText(patient.name).waitFor();
    await rowOf(other, BP_CUFF.name).getByText(patient.name).waitFor();
    await expect(visibleText(rowOf(other, BP_CUFF.name))).resolves.toContain(
      'Sending from another window or computer',
    );
    await expectNoSeriousAxeViolations(other);

    // Disconnected from that other screen: the browser holding the oximeter lets it go (10 s status poll).
    await rowOf(other, PULSE_OXIMETER.name)
      .getByRole('button', { name: /Disconnect/ })
      .click();
    await toast(other, 'Device Disconnected').waitFor();
    await integration.getByText(PULSE_OXIMETER.name).waitFor({ state: 'detached', timeout: 15_000 });
    await integration.getByText(BP_CUFF.name).first().waitFor();
    // Let go of, it is read no more. The reads run on the page's clock, paused now and moved one poll
    // at a time: each poll reads the cuff, still held, and the harness sees the page's reads in the
    // order the page makes them, so once a poll's cuff read is seen, so is any oximeter read before it.
    const readsOf = (address: string) =>
      bt.events.filter((e) => e.kind === 'read' && e.address === address).length;
    const poll = async () => {
      const cuffReads = readsOf(BP_CUFF.address);
      await page.clock.runFor(POLL_INTERVAL_MS);
      await eventually(
        async () => readsOf(BP_CUFF.address),
        (n) => n > cuffReads,
      );
    };
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await poll(); // a read on its way before the pause is in by now
    const readsAfter = readsOf(PULSE_OXIMETER.address);
    await poll();
    await poll();
    expect(readsOf(PULSE_OXIMETER.address)).toBe(readsAfter);
    await page.clock.resume();
    await other.close();
  });
});

describe('a device that gives up reconnecting', () => {
  it('says so on the screen that held it, wherever the nurse is', async () => {
    const { context, page } = await newPage(btBrowser, app.baseUrl);
    const bt = await emulateBluetooth(btBrowser, page);
    journey = { context, page, bt };
    await bt.addPeripheral(HEART_MONITOR);
    await page.clock.install(); // the reconnect waits (1, 2, 4, 8, 16 s) run on a clock the test moves
    await signUp(page);
    const patient = await admitPatient(page);
    await page.goto('/bluetooth-manager');
    await page.getByRole('heading', { level: 1, name: 'Bluetooth Device Manager' }).waitFor();
    bt.onChooser('select', HEART_MONITOR.address);
    await choosePatient(page, patient);
    await page.getByRole('button', { name: 'Scan for Devices' }).click();
    await rowOf(page, HEART_MONITOR.name).getByText('Connected (Real Device)').waitFor();

    // The nurse goes back to the ward; the device goes out of range for good.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Patient Dashboard' }).waitFor();
    bt.failConnections(HEART_MONITOR.address, 100);
    await bt.disconnect(HEART_MONITOR.address);
    const lost = toast(
      page,
      'Device lost',
      `${HEART_MONITOR.name} (${patient.name}) stopped sending: gave up after 5 reconnect attempts. Check the device and connect it again.`,
    );
    for (let i = 0; i < 40 && !(await lost.isVisible()); i++) {
      await page.clock.runFor(2_000);
      await page.waitForTimeout(100);
    }
    await lost.waitFor();
    expect(bt.takeProblems().filter((p) => !/connect/i.test(p))).toEqual([]);
  });
});

describe('Bluetooth Device Manager without Web Bluetooth', () => {
  it('shows the amber notice and connects a demo device to a demo patient, whose readings say Simulation everywhere', async () => {
    // The demo device is for demo patients: this journey needs the demo ward.
    const seeded = await startApp();
    try {
      const { context, page } = await newPage(app.browser, seeded.baseUrl);
      journey = { context, page, bt: null };
      await signUp(page);
      const patient = (await demoPatients(page)).find((p) => p.devices.length === 0)!;
      await page.goto('/bluetooth-manager');
      await page.getByRole('heading', { level: 1, name: 'Bluetooth Device Manager' }).waitFor();
      const notice = page.locator('[data-bluetooth-notice]');
      await expect(visibleText(notice)).resolves.toMatch(/Chrome 56\+, Edge 79\+ or Opera 43\+/);
      await expect(visibleText(notice)).resolves.toMatch(/simulation mode/);
      await expectNoSeriousAxeViolations(page);

      await region(page, 'Connect New Device')
        .getByLabel('Patient')
        .selectOption({ label: `${patient.name} (Demo patient)` });
      await page.getByRole('button', { name: 'Use Demo Device' }).click();
      await toast(page, 'Device Connected').waitFor();
      const row = rowOf(page, 'Demo Device (Simulation)');
      await row.getByText('Simulation', { exact: true }).waitFor();
      await row.getByText('Simulation Mode').waitFor();
      await row.getByText('Demo patient').waitFor();
      expect(await visibleText(row)).not.toContain('GATT Connected');
      await expectNoSeriousAxeViolations(page);
      // On a 375 px phone the page does not scroll sideways (the table scrolls within its card).
      await resizeTo(page, { width: 375, height: 800 });
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
        375,
      );
      await screenshot(page, 'bluetooth-manager-demo-375');
      await resizeTo(page, { width: 1440, height: 900 });

      const readings = await eventually(
        () => readingsOf(page, patient.id),
        (r) => r.some((x) => x.provenance === 'simulation'),
      );
      const first = readings.find((x) => x.provenance === 'simulation')!;
      expect(first).toMatchObject({ connectionType: 'Simulation', deviceName: 'Demo Device (Simulation)' });
      expect(first.heartRate).toBeGreaterThanOrEqual(68);
      expect(first.heartRate).toBeLessThanOrEqual(80);
      expect(first.temperature).toBeGreaterThanOrEqual(985);
      expect(first.temperature).toBeLessThanOrEqual(989);

      const record = await context.newPage();
      await record.goto(`/patient/${patient.id}`);
      await record.getByRole('heading', { level: 1, name: patient.name }).waitFor();
      await vitalCard(record, 'Pulse')
        .getByText('Simulation · Demo Device (Simulation) · ', { exact: false })
        .waitFor({ timeout: 20_000 });
      await region(record, 'Vital signs trend (24 h)')
        .locator('[data-trend-sources]')
        .getByText('Simulation · Demo Device (Simulation)', { exact: false })
        .waitFor();
      await region(record, 'Real-time Vital Signs Monitor').getByText('Simulation Mode').first().waitFor();
      const integration = region(record, 'Patient Integration');
      // Said once, in one quiet line beside "Use Demo Device", where a device would be connected.
      const unsupported = integration.locator('[data-bluetooth-unsupported]');
      expect(await visibleText(unsupported)).toBe(
        'Web Bluetooth is not supported by your browser. Please use Chrome, Edge, or another compatible browser.',
      );
      expect(await record.getByText('Web Bluetooth is not supported').count()).toBe(1);
      await integration.getByRole('button', { name: 'Use Demo Device' }).waitFor();
      // Both boxes read in one step: live cards above may still grow between two separate reads.
      const { note, demo } = await integration.evaluate((el) => {
        const box = (node: Element | null) => {
          const r = node!.getBoundingClientRect();
          return { y: r.y, height: r.height };
        };
        const button = [...el.querySelectorAll('button')].find((b) =>
          b.textContent?.includes('Use Demo Device'),
        );
        return { note: box(el.querySelector('[data-bluetooth-unsupported]')), demo: box(button ?? null) };
      });
      expect(note.height).toBeLessThanOrEqual(40);
      expect(Math.abs(note.y + note.height / 2 - (demo.y + demo.height / 2))).toBeLessThan(20);
      expect(await unsupported.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        'rgba(0, 0, 0, 0)',
      );
      await integration.getByText('Simulation Mode').first().waitFor();
      await screenshot(record, 'bluetooth-demo-patient-record');
      await record.close();

      const dashboard = await context.newPage();
      await dashboard.goto('/');
      await card(dashboard, patient.name).getByText('Simulation Mode').waitFor();
      await card(dashboard, patient.name).getByText('Demo patient').waitFor();
      await dashboard.close();

      // Disconnected again, so the journey leaves nothing running.
      await row.getByRole('button', { name: /Disconnect/ }).click();
      await toast(page, 'Device Disconnected').waitFor();
      await context.close();
      journey = null;
    } finally {
      await seeded.stop();
    }
  });
});

describe('Bluetooth Device Manager on a server that refuses simulated devices', () => {
  it('offers no demo device and says why', async () => {
    const strict = await startApp({ ...EMPTY_WARD, ACCEPT_SIMULATED_READINGS: 'false' });
    try {
      const { context, page } = await newPage(app.browser, strict.baseUrl);
      journey = { context, page, bt: null };
      await signUp(page);
      const patient = await admitPatient(page);
      await page.goto('/bluetooth-manager');
      const notice = page.locator('[data-bluetooth-notice]');
      await expect.poll(() => visibleText(notice)).toMatch(/Simulated devices are turned off on this server/);
      await region(page, 'Connect New Device').getByRole('button', { name: 'Scan for Devices' }).waitFor();
      expect(await page.getByRole('button', { name: 'Use Demo Device' }).count()).toBe(0);

      await page.goto(`/patient/${patient.id}`);
      const integration = region(page, 'Patient Integration');
      await integration.getByText('No device linked to this patient.').waitFor();
      expect(await integration.getByRole('button', { name: 'Use Demo Device' }).count()).toBe(0);
      await expectNoSeriousAxeViolations(page);
    } finally {
      // The journey's context (and its page-error check) is closed by afterEach.
      await strict.stop();
    }
  });
});
