import {
  GATT_CHARACTERISTICS as C,
  celsiusToTenthsF,
  encodeBatteryLevel,
  encodeHeartRateMeasurement,
  type Patient,
  GATT_SERVICES as S,
  SIMULATION_REAL_PATIENT_MESSAGE,
} from '@vigil/domain';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmulatedPeripheral, emulateBluetooth } from './support/bluetooth.ts';
import {
  admitPatient,
  attempt,
  demoPatients,
  getPatient,
  readingsOf,
  SEPTIC,
  signUp,
  uniquePatientName,
} from './support/fixtures.ts';
import {
  card,
  expectNoSeriousAxeViolations,
  launchBrowser,
  newPage,
  openInApp,
  openPatient,
  pageErrors,
  region,
  screenshot,
  startApp,
  visibleText as text,
  toast,
  useApp,
} from './support/harness.ts';

// One clinical truth per patient, owned by the server: demo data stays on demo patients, the
// dashboard draws from the patient list alone, a lost device says so on every nurse's screen, and a
// value NEWS2 scores never reads "Within range". The app starts with the demo ward (its patients are
// the demo patients); the journeys admit the real patients they assert on.
const app = useApp();

/** "14:05": the ward's clock, as every screen writes the time a device was lost. */
const clock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** A Stable demo patient no journey has linked a device to yet (the demo ward's critical ones stay as seeded). */
async function freeDemoPatient(page: Page): Promise<Patient> {
  const demo = (await demoPatients(page)).find((p) => p.devices.length === 0 && p.condition === 'Stable');
  if (!demo) throw new Error('the demo ward has no demo patient without a device');
  return demo;
}

describe('demo data stays on demo patients', () => {
  it('offers "Use Demo Device" only on demo patients, on the manager page and the record', async () => {
    // app.browser has no Web Bluetooth: where the demo device was offered before.
    const { context, page } = await app.newPage();
    try {
      await signUp(page);
      const real = await admitPatient(page, { name: uniquePatientName('Real'), condition: 'Stable' });
      const demo = await freeDemoPatient(page);
      expect(real.isDemo).toBe(false);
      expect(demo.isDemo).toBe(true);

      await page.goto('/bluetooth-manager');
      const connect = region(page, 'Connect New Device');
      const select = connect.getByLabel('Patient');
      // The patient list names every demo patient as such.
      await select
        .locator('option', { hasText: `${demo.name} (Demo patient)` })
        .waitFor({ state: 'attached' });
      await expect(select.locator('option', { hasText: real.name }).textContent()).resolves.toBe(real.name);

      await select.selectOption({ label: real.name });
      await connect.locator('[data-demo-hint]').waitFor();
      expect(await page.getByRole('button', { name: 'Use Demo Device' }).count()).toBe(0);

      await select.selectOption({ label: `${demo.name} (Demo patient)` });
      await connect.getByRole('button', { name: 'Use Demo Device' }).waitFor();
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'truth-manager-demo-patient-1440');

      await select.selectOption({ label: real.name });
      await connect.locator('[data-demo-hint]').waitFor();
      expect(await page.getByRole('button', { name: 'Use Demo Device' }).count()).toBe(0);

      // The records: the button on the demo patient's only; the header says "Demo patient".
      await openPatient(page, real);
      const realIntegration = region(page, 'Patient Integration');
      await realIntegration.getByText('No device linked to this patient.').waitFor();
      expect(await realIntegration.getByRole('button', { name: 'Use Demo Device' }).count()).toBe(0);
      expect(await page.locator('header [data-demo-patient]').count()).toBe(0);

      await openPatient(page, demo);
      await region(page, 'Patient Integration').getByRole('button', { name: 'Use Demo Device' }).waitFor();
      await page.locator('header [data-demo-patient]').getByText('Demo patient').waitFor();

      // The dashboard says it on the demo patient's card, not on the real one's.
      await page.goto('/');
      await card(page, demo.name).getByText('Demo patient').waitFor();
      expect(await card(page, real.name).getByText('Demo patient').count()).toBe(0);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps a real critical patient’s NEWS2 while a demo device runs on a demo patient', async () => {
    const { context, page } = await app.newPage();
    try {
      await signUp(page);
      // Margaret Okafor's observations: NEWS2 14, SpO2 89, pulse 124.
      const margaret = await admitPatient(page, {
        name: uniquePatientName('Margaret Okafor'),
        condition: 'Critical',
        ...SEPTIC,
      });
      expect(margaret.news2).toMatchObject({ total: 14, band: 'high' });
      const demo = await freeDemoPatient(page);

      // Her record offers no demo device; a demo patient's does, and it runs there.
      await openPatient(page, margaret);
      await region(page, 'Patient Integration').getByText('No device linked to this patient.').waitFor();
      expect(await page.getByRole('button', { name: 'Use Demo Device' }).count()).toBe(0);
      await openPatient(page, demo);
      await region(page, 'Patient Integration').getByRole('button', { name: 'Use Demo Device' }).click();
      await toast(page, 'Device Connected').waitFor();
      // The demo patient's values now come from the simulated device, and say so.
      await region(page, 'Vital signs')
        .locator('[data-provenance="simulation"]')
        .first()
        .waitFor({ timeout: 20_000 });
      await expect
        .poll(
          async () => (await readingsOf(page, demo.id)).filter((r) => r.provenance === 'simulation').length,
          {
            timeout: 20_000,
          },
        )
        .toBeGreaterThanOrEqual(2);

      // Another tab: Margaret's card still reads her own observations and her NEWS2.
      const dashboard = await context.newPage();
      await dashboard.goto('/');
      const margaretCard = card(dashboard, margaret.name);
      await margaretCard.waitFor();
      expect(await text(margaretCard.locator('[data-band]'))).toBe('NEWS2 14 · high');
      expect(await text(margaretCard)).toContain('89%');
      expect(await text(margaretCard)).toContain('124 bpm');
      expect(await text(margaretCard)).not.toMatch(/Simulation/);
      await card(dashboard, demo.name).getByText('Simulation Mode').waitFor();
      await screenshot(dashboard, 'truth-dashboard-demo-running-1440');

      const after = await getPatient(page, margaret.id);
      expect(after.news2).toMatchObject({ total: 14, band: 'high' });
      expect({ spo2: after.oxygenLevel, pulse: after.pulse }).toEqual({ spo2: 89, pulse: 124 });
      expect(after.sources.pulse?.provenance).toBe('observation');
      expect(after.devices).toEqual([]);
      // No simulated reading reached her.
      expect((await readingsOf(page, margaret.id)).filter((r) => r.provenance === 'simulation')).toEqual([]);

      // Nor can one: the server refuses a simulated device on a real patient, and says why.
      const refused = await attempt(page, 'POST', '/api/device-links', {
        patientId: margaret.id,
        deviceId: 'demo-by-hand',
        deviceName: 'Demo Device (Simulation)',
        connectionType: 'Simulation',
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'SIMULATION_REAL_PATIENT',
        error: SIMULATION_REAL_PATIENT_MESSAGE,
      });

      // The demo device goes again.
      await region(page, 'Patient Integration')
        .getByRole('button', { name: /^Disconnect/ })
        .first()
        .click();
      await toast(page, 'Device Disconnected').waitFor();
      await dashboard.close();
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('words that do not reassure wrongly', () => {
  it('never reads "Within range" for BP 88/52: the card names its NEWS2 score', async () => {
    const { context, page } = await app.newPage();
    try {
      await signUp(page);
      // Alert, calm otherwise: only the systolic pressure scores (≤ 90: 3 points, RCP Chart 1).
      const patient = await admitPatient(page, {
        name: uniquePatientName('Low pressure'),
        condition: 'Stable',
        systolicBP: 88,
        diastolicBP: 52,
      });
      expect(patient.news2.parameters.find((p) => p.parameter === 'systolicBP')?.score).toBe(3);
      await openPatient(page, patient);
      const bp = region(page, 'Vital signs')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Blood Pressure' }) });
      expect(await text(bp)).toMatch(
        /^Blood Pressure 88\/52 mmHg Low — scores 3 in NEWS2 \(≤ 90 mmHg systolic\) Observation · /,
      );
      expect(await bp.getAttribute('data-abnormal')).toBe('true');
      // Nowhere on the record does the pressure, or any value that scores, read "Within range".
      const vitals = region(page, 'Vital signs');
      const withinRange = await vitals.getByText('Within range').count();
      expect(withinRange).toBe(5); // pulse 72, SpO2 98, 36.8 °C, RR 16 and Alert score 0
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'truth-bp-88-52-1440');

      // The NEWS2 high but "Stable" case: under Critical, marked as such.
      const sick = await admitPatient(page, {
        name: uniquePatientName('Sick but Stable'),
        condition: 'Stable',
        ...SEPTIC,
      });
      expect(sick.news2.band).toBe('high');
      await page.goto('/?condition=Critical');
      const sickCard = card(page, sick.name);
      await sickCard.locator('[data-news2-critical]').getByText('NEWS2 high — recorded as Stable').waitFor();
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

const HEART_MONITOR: EmulatedPeripheral = {
  address: '0C:00:00:00:00:01',
  name: 'Heart Monitor HRM-2',
  services: {
    [S.heartRate]: {
      [C.heartRateMeasurement]: {
        properties: { read: true, notify: true },
        value: encodeHeartRateMeasurement({ heartRate: 92, sensorContact: 'detected' }),
      },
    },
    [S.battery]: {
      [C.batteryLevel]: {
        properties: { read: true, notify: true },
        value: encodeBatteryLevel({ batteryPct: 64 }),
      },
    },
  },
};

describe('a lost device on every screen', () => {
  /** Chromium with Web Bluetooth (Linux keeps it behind this flag). */
  let btBrowser: Browser;
  beforeAll(async () => {
    btBrowser = await launchBrowser(['--enable-features=WebBluetooth']);
  });
  afterAll(async () => {
    await btBrowser?.close();
  });

  it('shows "Device lost at HH:MM" on another nurse’s record, card and monitor once the device is lost', {
    timeout: 150_000,
  }, async () => {
    // Nurse A holds the heart-rate monitor in her browser.
    const a = await newPage(btBrowser, app.baseUrl);
    const bt = await emulateBluetooth(btBrowser, a.page);
    // Nurse B, on another computer, watches the patient.
    const b = await app.newPage();
    try {
      await bt.addPeripheral(HEART_MONITOR);
      await signUp(a.page);
      await signUp(b.page);
      const patient = await admitPatient(a.page, {
        name: uniquePatientName('Device patient'),
        condition: 'Stable',
        temperature: celsiusToTenthsF(36.8),
      });
      const calls: string[] = [];
      a.page.on('request', (r: Request) => {
        const { pathname } = new URL(r.url());
        if (r.method() !== 'GET' && pathname.startsWith('/api/') && !pathname.endsWith('/heartbeat'))
          calls.push(`${r.method()} ${pathname.replace(/\/\d+$/, '/:id')}`);
      });

      await a.page.goto('/bluetooth-manager');
      bt.onChooser('select', HEART_MONITOR.address);
      await region(a.page, 'Connect New Device').getByLabel('Patient').selectOption({ label: patient.name });
      await a.page.getByRole('button', { name: 'Scan for Devices' }).click();
      await toast(a.page, 'Bluetooth Connected').waitFor();
      // One call links the device; the patient is never written by the browser.
      await expect
        .poll(() => calls.filter((c) => c.startsWith('POST /api/device-readings')).length)
        .toBeGreaterThan(0);
      expect(calls.filter((c) => !c.startsWith('POST /api/device-readings'))).toEqual([
        'POST /api/device-links',
      ]);

      await openPatient(b.page, patient);
      const pulse = region(b.page, 'Vital signs')
        .getByRole('listitem')
        .filter({ has: b.page.getByRole('heading', { name: 'Pulse' }) });
      await pulse.getByText('92').waitFor({ timeout: 20_000 });
      await pulse.getByText(`Device · ${HEART_MONITOR.name}`, { exact: false }).waitFor();
      const monitor = region(b.page, 'Real-time Vital Signs Monitor');
      await monitor.getByText('Real Device Connected').waitFor();
      const dashboard = await b.context.newPage();
      await dashboard.goto('/');
      await card(dashboard, patient.name).getByText('92').first().waitFor();

      // The device goes out of range and does not come back: every connect fails at once, as out of
      // range does (left answering, a reconnect would spend its time in service discovery, which on
      // a loaded machine took the journey past its wait). The holding browser tries 5 times after
      // waiting 1, 2, 4, 8 and 16 s (31 s), gives up, and says so to the server, which marks the link
      // lost.
      bt.failConnections(HEART_MONITOR.address, 100);
      await bt.disconnect(HEART_MONITOR.address);
      const row = region(a.page, 'Connected Devices')
        .getByRole('row')
        .filter({ hasText: HEART_MONITOR.name });
      await row.getByText('Gave up after 5 reconnect attempts').waitFor({ timeout: 60_000 });

      const lost = b.page.locator('header [data-device-lost]');
      await lost.waitFor({ timeout: 15_000 });
      const stored = await getPatient(b.page, patient.id);
      expect(stored.devices[0]).toMatchObject({ status: 'lost', lostReason: 'dropped' });
      const title = `Device lost at ${clock(stored.devices[0]!.lostAt!)}`;
      expect(await text(lost)).toContain(title);
      expect(await text(monitor.locator('[data-connection]'))).toBe(title);
      // The dashboard card of the other nurse, live, without a reload.
      await card(dashboard, patient.name).locator('[data-device-lost]').getByText(title).waitFor();
      await screenshot(b.page, 'truth-device-lost-record-1440');
      await screenshot(dashboard, 'truth-device-lost-dashboard-1440');
      // And the manager page of that other nurse reads the server's status.
      await openInApp(dashboard, '/bluetooth-manager');
      await region(dashboard, 'Connected Devices')
        .getByRole('row')
        .filter({ hasText: HEART_MONITOR.name })
        .getByText(title, { exact: false })
        .waitFor();

      // The holding browser only ever changed the link's state: never a patient PATCH.
      expect(calls.filter((c) => c.includes('/api/patients'))).toEqual([]);
      expect(calls.filter((c) => c.startsWith('PATCH /api/device-links'))).toContain(
        'PATCH /api/device-links/:id',
      );
      expect([...bt.problems]).toEqual([]);
      expect(pageErrors(b.page)).toEqual([]);
      await dashboard.close();
    } finally {
      await bt.dispose();
      await a.context.close();
      await b.context.close();
    }
  });
});

describe('a silent device on every screen', () => {
  it('reads "Device lost at HH:MM" and "Not reporting" once the window holding a device is closed', {
    timeout: 120_000,
  }, async () => {
    // A short lease, so the journey does not wait the production minute: longer than the demo
    // device's readings (every 5 s) and heartbeats (10 s), so only a closed window goes silent.
    const leased = await startApp({ DEVICE_LINK_LEASE_MS: '12000', DEVICE_SWEEP_INTERVAL_MS: '500' });
    const holder = await newPage(app.browser, leased.baseUrl);
    const watcher = await newPage(app.browser, leased.baseUrl);
    try {
      await signUp(holder.page);
      await signUp(watcher.page);
      const demo = await freeDemoPatient(holder.page);
      // The holding nurse runs the demo device on a demo patient's record, then closes the window.
      await openPatient(holder.page, demo);
      await region(holder.page, 'Patient Integration')
        .getByRole('button', { name: 'Use Demo Device' })
        .click();
      await toast(holder.page, 'Device Connected').waitFor();

      await openPatient(watcher.page, demo);
      const monitor = region(watcher.page, 'Real-time Vital Signs Monitor');
      await monitor.locator('[data-connection]').getByText('Simulation Mode').waitFor({ timeout: 20_000 });
      const manager = await watcher.context.newPage();
      await manager.goto('/bluetooth-manager');
      const row = region(manager, 'Connected Devices')
        .getByRole('row')
        .filter({ hasText: 'Demo Device (Simulation)' });
      await row.getByText('Simulation Mode').waitFor();

      await holder.context.close();
      const lost = watcher.page.locator('header [data-device-lost]');
      await lost.waitFor({ timeout: 30_000 });
      const stored = await getPatient(watcher.page, demo.id);
      expect(stored.devices[0]).toMatchObject({ status: 'lost', lostReason: 'not-reporting' });
      const title = `Device lost at ${clock(stored.devices[0]!.lostAt!)}`;
      expect(await text(lost)).toContain(`${title} · Demo Device (Simulation): it stopped reporting.`);
      expect(await text(monitor.locator('[data-connection]'))).toBe(title);
      // The other nurse's manager page, live: the server's status, with the time.
      await row.getByText('Not reporting').waitFor();
      expect(await text(row)).toContain(`${title}: the window or computer holding it may be closed`);
      await screenshot(manager, 'truth-not-reporting-manager-1440');
      expect(pageErrors(watcher.page)).toEqual([]);
      expect(pageErrors(manager)).toEqual([]);
    } finally {
      await holder.context.close().catch(() => {});
      await watcher.context.close();
      await leased.stop();
    }
  });
});
