import {
  DEMO_PATIENT_LABEL,
  type Patient,
  Patient as PatientSchema,
  SIMULATION_REAL_PATIENT_MESSAGE,
  sourcesOfPatient,
  summarizeNews2,
  vitalsOfPatient,
  withStaleness,
} from '@vigil/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillPatientState } from '../src/db/backfill.ts';
import { patients as patientsTable } from '../src/db/schema.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, recordReadings, signUp, signUpAs, storeWearableSummary } from './support/factories.ts';
import { storedEvents } from './support/live-events.ts';

let t: TestApp;
let cookie: string;
let demo: Patient;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await signUp(t.app);
  ({ cookie } = await signUpAs(t.app, admin.cookie, 'nurse'));
  await seedDemoData(t.database.db, t.app.services.ingest, t.clock.now());
  const list = (await call('GET', '/api/patients')).json() as Patient[];
  demo = list.find((p) => p.isDemo)!;
});
afterAll(() => t.close());

/** A request as the nurse. */
const call = (method: string, url: string, payload?: unknown) => t.as({ cookie }, method, url, payload);
const minutesAgo = (m: number) => new Date(t.clock.now().getTime() - m * 60_000).toISOString();
const getPatient = async (id: number) =>
  PatientSchema.parse((await call('GET', `/api/patients/${id}`)).json());
/** The NEWS2 the domain gives the patient's own values and sources, now. */
const expectedNews2 = (p: Patient) =>
  summarizeNews2(
    { ...vitalsOfPatient(p), spo2Scale: p.spo2Scale, isDemo: p.isDemo },
    sourcesOfPatient(p.sources),
    t.clock.now().getTime(),
  );
const eventsOf = (patientId: number, type: string) => storedEvents(t, patientId, type);

describe('the demo ward', () => {
  it('is made of demo patients, whose readings are demo data written through the ingest', async () => {
    const list = (await call('GET', '/api/patients')).json() as Patient[];
    const seeded = list.filter((p) => p.isDemo);
    expect(seeded.length).toBeGreaterThanOrEqual(20);
    expect(seeded.every((p) => p.devices.length === 0 && !p.hasVitalWatch)).toBe(true);
    const readings = (await call('GET', `/api/patients/${demo.id}/readings`)).json().readings;
    expect(readings.length).toBeGreaterThan(0);
    expect(new Set(readings.map((r: { provenance: string }) => r.provenance))).toEqual(new Set(['demo']));
    expect(Object.values(demo.sources).every((s) => s?.provenance === 'demo')).toBe(true);
    expect(DEMO_PATIENT_LABEL).toBe('Demo patient');
  });

  it('is not seeded in production unless asked for', async () => {
    const { loadConfig } = await import('../src/config.ts');
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://vigil.example.org' };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
  });
});

describe('simulation only ever reaches demo patients', () => {
  it('refuses a simulated device link to a real patient with 409, and accepts it on a demo patient', async () => {
    const real = await admitPatient(t.app, cookie, { name: 'Real Margaret' });
    const refused = await call('POST', '/api/device-links', {
      patientId: real.id,
      deviceId: 'demo-hr-1',
      deviceName: 'Demo Heart Rate Monitor',
      connectionType: 'Simulation',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'SIMULATION_REAL_PATIENT',
      message: SIMULATION_REAL_PATIENT_MESSAGE,
    });
    expect((await getPatient(real.id)).devices).toEqual([]);

    const accepted = await call('POST', '/api/device-links', {
      patientId: demo.id,
      deviceId: 'demo-hr-1',
      deviceName: 'Demo Heart Rate Monitor',
      connectionType: 'Simulation',
    });
    expect(accepted.statusCode).toBe(201);
    expect((await getPatient(demo.id)).devices[0]).toMatchObject({ simulated: true, status: 'connected' });
  });

  it('refuses simulated readings for a real patient, whatever the device is called, and stores none', async () => {
    const real = await admitPatient(t.app, cookie, {
      name: 'Real Critical',
      oxygenLevel: 89,
      pulse: 124,
      respiratoryRate: 26,
      systolicBP: 94,
      diastolicBP: 58,
      temperature: 1024,
      onSupplementalOxygen: true,
    });
    const before = await getPatient(real.id);
    expect(before.news2.total).toBeGreaterThanOrEqual(7);
    for (const reading of [
      { connectionType: 'Simulation', deviceName: 'Heart Rate Monitor' },
      { connectionType: ' simulation ', deviceName: null },
    ]) {
      const res = await call('POST', '/api/device-readings', [
        { patientId: real.id, readingTime: minutesAgo(0), heartRate: 72, oxygenLevel: 98, ...reading },
      ]);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('SIMULATION_REAL_PATIENT');
    }
    // A device named "Demo" on a real Bluetooth link is a device: provenance, not names, decides.
    await call('POST', '/api/device-links', {
      patientId: real.id,
      deviceId: 'named-demo',
      deviceName: 'Ｄｅｍｏ HR',
      connectionType: 'Bluetooth',
    });
    await recordReadings(
      t.app,
      { cookie },
      {
        patientId: real.id,
        deviceId: 'named-demo',
        deviceName: 'Ｄｅｍｏ HR',
        connectionType: 'Bluetooth',
        readingTime: minutesAgo(0),
        heartRate: 125,
      },
    );
    // Her admission's set and the named device's reading; no simulated one.
    const readings = (await call('GET', `/api/patients/${real.id}/readings`)).json().readings;
    expect(readings.map((r: { provenance: string }) => r.provenance).sort()).toEqual([
      'device',
      'observation',
    ]);
  });

  it('classes a device on a simulated link as simulation (the bridge in --simulate), refused on a real patient', async () => {
    const real = await admitPatient(t.app, cookie, { name: 'Bridge Real' });
    const token = (
      await call('POST', '/api/device-tokens', { patientId: real.id, label: 'Bridge: Sim HR' })
    ).json().token as string;
    // The link says simulated; the reading claims a bridge connection.
    await call('POST', '/api/device-links', {
      patientId: demo.id,
      deviceId: 'sim-bridge-1',
      connectionType: 'Simulation',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device-readings',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        patientId: real.id,
        deviceId: 'sim-bridge-1',
        connectionType: 'Bridge',
        readingTime: minutesAgo(0),
        heartRate: 70,
      },
    });
    expect(res.statusCode).toBe(409);
    // Her admission's set only: the simulated reading was not stored.
    const readings = (await call('GET', `/api/patients/${real.id}/readings`)).json().readings;
    expect(readings.map((r: { provenance: string }) => r.provenance)).toEqual(['observation']);
  });

  it('keeps a real critical patient’s NEWS2 while a demo device runs on a demo patient', async () => {
    const real = await admitPatient(t.app, cookie, {
      name: 'Margaret Real',
      oxygenLevel: 89,
      pulse: 124,
      respiratoryRate: 26,
      systolicBP: 94,
      diastolicBP: 58,
      temperature: 1024,
      onSupplementalOxygen: true,
    });
    const before = await getPatient(real.id);
    await recordReadings(t.app, { cookie }, [
      {
        patientId: demo.id,
        deviceId: 'demo-hr-1',
        deviceName: 'Demo Heart Rate Monitor',
        connectionType: 'Simulation',
        readingTime: minutesAgo(0),
        heartRate: 74,
        oxygenLevel: 98,
      },
    ]);
    const after = await getPatient(real.id);
    expect(after.news2.total).toBe(before.news2.total);
    expect(after.pulse).toBe(124);
    const demoAfter = await getPatient(demo.id);
    expect(demoAfter.pulse).toBe(74);
    expect(demoAfter.sources.pulse).toMatchObject({
      provenance: 'simulation',
      source: 'Demo Heart Rate Monitor',
    });
  });
});

describe('one NEWS2, on the server', () => {
  it('carries the domain’s NEWS2 of the values that count on every answer and patient event', async () => {
    const p = await admitPatient(t.app, cookie, { name: 'Scored' });
    expect(p.news2).toEqual(expectedNews2(p));
    await recordReadings(
      t.app,
      { cookie },
      {
        patientId: p.id,
        readingTime: minutesAgo(0),
        respiratoryRate: 27,
        heartRate: 118,
      },
    );
    const got = await getPatient(p.id);
    expect(got.respiratoryRate).toBe(27);
    expect(got.news2).toEqual(expectedNews2(got));
    expect(got.news2.parameters.find((x) => x.parameter === 'respiratoryRate')).toMatchObject({
      score: 3,
      provenance: 'observation',
      at: minutesAgo(0),
    });
    const listed = ((await call('GET', '/api/patients')).json() as Patient[]).find((x) => x.id === p.id)!;
    expect(listed.news2).toEqual(got.news2);
    const [updated] = (await eventsOf(p.id, 'patient-updated')).slice(-1);
    const data = updated!.data as Patient;
    expect(data.news2).toEqual(withStaleness(expectedNews2(data), t.clock.now().getTime()));
    expect((await eventsOf(p.id, 'alert-level-changed')).at(-1)?.data).toMatchObject({
      from: 'NORMAL',
      news2Total: got.news2.total,
    });
  });

  it('lets a wearable summary neither change the values nor the score, and keeps it out of the NEWS2 series', async () => {
    const p = await admitPatient(t.app, cookie, { name: 'Wearer' });
    await storeWearableSummary(
      t.app,
      p.id,
      { start: minutesAgo(8 * 60), end: minutesAgo(1) },
      { heartRate: 39, oxygenLevel: 88 },
    );
    const after = await getPatient(p.id);
    expect(after).toMatchObject({ pulse: p.pulse, oxygenLevel: p.oxygenLevel });
    expect(after.news2.total).toBe(p.news2.total);
    const readings = (await call('GET', `/api/patients/${p.id}/readings`)).json().readings;
    const summary = readings.find((r: { provenance: string }) => r.provenance === 'wearable-summary');
    expect(summary).toMatchObject({ windowStart: minutesAgo(8 * 60) });
    // The series holds the admission's set only: the summary is not a point of it.
    const series = (await call('GET', `/api/patients/${p.id}/news2-series`)).json();
    expect(series.map((point: { readingId: number }) => point.readingId)).toEqual(
      readings
        .filter((r: { provenance: string }) => r.provenance === 'observation')
        .map((r: { id: number }) => r.id),
    );
    expect(series[0]).toMatchObject({ total: 0, complete: true });
    t.clock.advance(60_000);
    await recordReadings(t.app, { cookie }, { patientId: p.id, readingTime: minutesAgo(0), heartRate: 120 });
    const point = (await call('GET', `/api/patients/${p.id}/news2-series`)).json().at(-1);
    // Pulse 120 scores 2; the rest of the admission's set is carried forward, never the summary's.
    expect(point).toMatchObject({
      total: 2,
      complete: true,
      carriedForward: [
        'respiratoryRate',
        'spo2',
        'airOrOxygen',
        'systolicBP',
        'consciousness',
        'temperature',
      ],
    });
  });

  it('takes the newest value that counts, each parameter on its own time', async () => {
    const p = await admitPatient(t.app, cookie, { name: 'Per Field' });
    t.clock.advance(10 * 60_000);
    await recordReadings(
      t.app,
      { cookie },
      { patientId: p.id, readingTime: minutesAgo(0), respiratoryRate: 22 },
    );
    // An older device reading (a backfill) brings its pulse, not its older respiratory rate.
    await call('POST', '/api/device-links', {
      patientId: p.id,
      deviceId: 'oxi-1',
      connectionType: 'Bluetooth',
    });
    await recordReadings(
      t.app,
      { cookie },
      {
        patientId: p.id,
        deviceId: 'oxi-1',
        deviceName: 'Nonin 3230',
        connectionType: 'Bluetooth',
        readingTime: minutesAgo(1),
        respiratoryRate: 14,
        heartRate: 101,
      },
    );
    const got = await getPatient(p.id);
    expect(got).toMatchObject({ respiratoryRate: 22, pulse: 101 });
    expect(got.sources.pulse).toEqual({ provenance: 'device', at: minutesAgo(1), source: 'Nonin 3230' });
    expect(got.sources.respiratoryRate).toEqual({
      provenance: 'observation',
      at: minutesAgo(0),
      source: null,
    });
  });

  it('lists a patient whose NEWS2 is high under Critical whatever the condition says', async () => {
    const p = await admitPatient(t.app, cookie, {
      name: 'Quietly Unwell',
      condition: 'Stable',
      respiratoryRate: 26,
      oxygenLevel: 90,
      pulse: 125,
    });
    expect(p.news2.band).toBe('high');
    const critical = (await call('GET', '/api/patients?condition=Critical')).json() as Patient[];
    expect(critical.map((x) => x.id)).toContain(p.id);
    const stable = (await call('GET', '/api/patients?condition=Stable')).json() as Patient[];
    expect(stable.map((x) => x.id)).toContain(p.id);
  });
});

describe('device links are the only device truth', () => {
  it('links in one call with devices:manage, and reconnects write no patient-update audit rows', async () => {
    const p = await admitPatient(t.app, cookie, { name: 'Linked' });
    const audits = () =>
      t.count(
        sql`select count(*)::int as n from audit_events where patient_id = ${p.id} and entity_type = 'Patient' and action = 'update'`,
      );
    const link = (
      await call('POST', '/api/device-links', {
        patientId: p.id,
        deviceId: 'hr-9',
        deviceName: 'Polar H10',
        connectionType: 'Bluetooth',
      })
    ).json();
    expect(await getPatient(p.id)).toMatchObject({
      hasVitalWatch: true,
      vitalWatchType: 'Polar H10',
      vitalWatchConnected: true,
    });
    for (const state of ['reconnecting', 'connected', 'reconnecting', 'connected']) {
      await call('PATCH', `/api/device-links/${link.id}`, { state });
    }
    expect(await audits()).toBe(0);
    const events = await eventsOf(p.id, 'patient-updated');
    expect((events.at(-1)!.data as Patient).devices[0]).toMatchObject({
      linkId: link.id,
      status: 'connected',
    });
    await call('DELETE', `/api/device-links/${link.id}`);
    expect(await getPatient(p.id)).toMatchObject({ hasVitalWatch: false, vitalWatchType: null, devices: [] });
  });
});

describe('records stored before provenance', () => {
  it('are given their sources, devices and NEWS2 at start-up, a simulated value never scored on a real patient', async () => {
    const p = await admitPatient(t.app, cookie, { name: 'Legacy', pulse: 80 });
    // As an old "Use Demo Device" left it: the row's pulse came from a simulated reading only, and
    // (stored before migration 0017) its admission's values had no reading of their own.
    await t.database.db.execute(sql`delete from vital_readings where patient_id = ${p.id}`);
    await t.database.db.execute(
      sql`insert into vital_readings (patient_id, device_id, device_name, connection_type, reading_time, heart_rate, respiratory_rate, provenance, kept)
          values (${p.id}, 'old-demo', 'Demo HR', 'Simulation', ${minutesAgo(2)}, 150, null, 'simulation', false),
                 (${p.id}, null, null, 'manual', ${minutesAgo(30)}, null, 24, 'observation', true)`,
    );
    await t.database.db.execute(
      sql`update patients set pulse = 150, news2 = null, news2_total = null, sources = '{}' where id = ${p.id}`,
    );
    expect(await backfillPatientState(t.database.db, t.clock.now())).toBe(1);
    const got = await getPatient(p.id);
    expect(got.respiratoryRate).toBe(24);
    expect(got.sources.respiratoryRate).toMatchObject({ provenance: 'observation', at: minutesAgo(30) });
    expect(got.sources.pulse).toMatchObject({ provenance: 'simulation', source: 'Demo HR' });
    expect(got.news2.missing).toContain('pulse');
    expect(got.news2.parameters.find((x) => x.parameter === 'respiratoryRate')?.score).toBe(2);
    expect(await backfillPatientState(t.database.db, t.clock.now())).toBe(0);
    const [row] = await t.database.db.select().from(patientsTable).where(sql`${patientsTable.id} = ${p.id}`);
    expect(row?.news2Total).toBe(got.news2.total);
  });
});
