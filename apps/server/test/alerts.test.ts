import { Alert, DEFAULT_ALERT_SETTINGS, DEVICE_LINK_LEASE_MS, LiveEvent, type Patient } from '@vigil/domain';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { createTestApp, type TestApp, usingPostgres } from './helpers.ts';
import { admitPatient, recordReadings, type Session, signIn, signUp, signUpAs } from './support/factories.ts';
import { startTwoInstances } from './support/instances.ts';

let t: TestApp;
let nurse: Session;
let manager: Session;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await signUp(t.app);
  nurse = await signUpAs(t.app, admin.cookie, 'nurse');
  manager = await signUpAs(t.app, admin.cookie, 'ward_manager');
});
// The tests move the clock by hours: each starts with sessions that have not idled out.
beforeEach(async () => {
  nurse = await signIn(t.app, nurse.user.username);
  manager = await signIn(t.app, manager.user.username);
});
afterAll(() => t.close());

const MIN = 60_000;
const call = (who: Session, method: string, url: string, payload?: unknown) =>
  t.as(who, method, url, payload);
const now = () => t.clock.now().toISOString();
/** A patient's alerts through the API, newest first (signed in again first: the clock moves by hours). */
const alertsOf = async (patientId: number, state = 'all') => {
  nurse = await signIn(t.app, nurse.user.username);
  const res = await call(nurse, 'GET', `/api/alerts?patientId=${patientId}&state=${state}`);
  return (res.json() as unknown[]).map((a) => Alert.parse(a));
};
const count = (query: SQL) => t.count(query);
const alertEvents = async (patientId: number) => {
  const result = await t.database.db.execute(
    sql`select id::float8 as id, type, patient_id as "patientId", data from live_events
        where patient_id = ${patientId} and type = 'alert-changed' order by id`,
  );
  return (result as unknown as { rows: unknown[] }).rows.map((r) => LiveEvent.parse(r).data as Alert);
};
/** A full set of observations that scores NEWS2 ≥ 7 (RR 27, SpO2 90, HR 125). */
const UNWELL = { respiratoryRate: 27, oxygenLevel: 90, heartRate: 125 };

describe('clinical alerts', () => {
  it('raises one high alert at once when a nurse’s observations make NEWS2 ≥ 7, with its message and response', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Alert One' });
    expect(await alertsOf(p.id)).toEqual([]);
    await recordReadings(t.app, nurse, { patientId: p.id, readingTime: now(), ...UNWELL });
    const [alert] = await alertsOf(p.id);
    expect(alert).toMatchObject({
      kind: 'clinical',
      condition: 'news2-emergency',
      priority: 'high',
      state: 'active',
      latched: true,
      confirmation: 'observation',
      message: 'NEWS2 8 · RR 27 ≥ 25 · SpO2 90 ≤ 91 · HR 125 ≥ 111',
      deadlineAt: new Date(t.clock.now().getTime() + 5 * MIN).toISOString(),
    });
    expect(alert!.response).toMatch(/critical-care team/);
    // Another reading in the same band keeps the one alert.
    await recordReadings(t.app, nurse, { patientId: p.id, readingTime: now(), respiratoryRate: 28 });
    expect(await alertsOf(p.id)).toHaveLength(1);
    const events = await alertEvents(p.id);
    expect(events[0]).toMatchObject({ id: alert!.id, state: 'active' });
    expect(
      await count(
        sql`select count(*)::int as n from audit_events where entity_type = 'Alert' and entity_id = ${String(alert!.id)} and action = 'create'`,
      ),
    ).toBe(1);
  });

  it('records nothing for a device reading that leaves an alert as it is (same band, words and score)', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Alert Same' });
    const token = (
      await call(nurse, 'POST', '/api/device-tokens', { patientId: p.id, label: 'monitor' })
    ).json().token as string;
    const fromDevice = async (values: Record<string, number>) => {
      t.clock.advance(MIN);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/device-readings',
        headers: { authorization: `Bearer ${token}` },
        payload: { patientId: p.id, deviceId: 'monitor-1', readingTime: now(), ...values },
      });
      expect(res.statusCode).toBe(201);
    };
    await fromDevice(UNWELL); // raised, pending
    await fromDevice(UNWELL); // confirmed by a second reading
    const [alert] = await alertsOf(p.id);
    expect(alert).toMatchObject({ state: 'active', confirmation: 'second-reading' });
    const events = (await alertEvents(p.id)).length;
    await fromDevice(UNWELL);
    await fromDevice(UNWELL);
    expect(await alertsOf(p.id)).toEqual([alert]);
    expect(await alertEvents(p.id)).toHaveLength(events);
    const updates = sql`select count(*)::int as n from audit_events
      where entity_type = 'Alert' and entity_id = ${String(alert!.id)} and detail = 'updated'`;
    expect(await count(updates)).toBe(0);
    // A reading that changes the words is still recorded.
    await fromDevice({ ...UNWELL, respiratoryRate: 29 });
    expect(await count(updates)).toBe(1);
    expect((await alertsOf(p.id))[0]!.message).toContain('RR 29');
  });

  it('acknowledges: who and when, an audit row and a live event; a second acknowledgement is refused', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Alert Ack' });
    await recordReadings(t.app, nurse, { patientId: p.id, readingTime: now(), ...UNWELL });
    const [alert] = await alertsOf(p.id);
    t.clock.advance(MIN);
    const res = await call(nurse, 'POST', `/api/alerts/${alert!.id}/acknowledge`, {
      note: 'Outreach called',
    });
    expect(res.statusCode).toBe(200);
    expect(Alert.parse(res.json())).toMatchObject({
      state: 'acknowledged',
      acknowledgedBy: nurse.user.id,
      acknowledgedByName: nurse.user.username,
      acknowledgeNote: 'Outreach called',
      acknowledgedAt: now(),
    });
    expect((await alertEvents(p.id)).at(-1)).toMatchObject({ id: alert!.id, state: 'acknowledged' });
    expect(
      await count(
        sql`select count(*)::int as n from audit_events where entity_type = 'Alert' and entity_id = ${String(alert!.id)} and user_id = ${nurse.user.id}`,
      ),
    ).toBe(1);
    const again = await call(nurse, 'POST', `/api/alerts/${alert!.id}/acknowledge`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALERT_NOT_OPEN');
    expect((await call(nurse, 'POST', '/api/alerts/999999/acknowledge')).statusCode).toBe(404);
    // Acknowledged, it ends when the score falls.
    await recordReadings(t.app, nurse, {
      patientId: p.id,
      readingTime: now(),
      respiratoryRate: 16,
      oxygenLevel: 98,
      heartRate: 72,
    });
    expect((await alertsOf(p.id))[0]).toMatchObject({ state: 'resolved', resolution: 'NEWS2 fell to 0' });
  });

  it('latches a high alert when the score falls before anyone acknowledged it', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Alert Latch' });
    await recordReadings(t.app, nurse, { patientId: p.id, readingTime: now(), ...UNWELL });
    t.clock.advance(MIN);
    await recordReadings(t.app, nurse, {
      patientId: p.id,
      readingTime: now(),
      respiratoryRate: 16,
      oxygenLevel: 98,
      heartRate: 72,
    });
    const [latched] = await alertsOf(p.id);
    expect(latched).toMatchObject({ state: 'active', conditionEndedAt: now() });
    const ack = await call(nurse, 'POST', `/api/alerts/${latched!.id}/acknowledge`);
    expect(ack.json()).toMatchObject({
      state: 'resolved',
      resolution: 'acknowledged after its condition had ended',
    });
  });

  it('keeps a red score that remains after a fall from 17 to 3 with an alert of its own, named in the resolution', async () => {
    // The critical set: RR 28, SpO2 88 on air, BP 85/50, HR 135, new confusion, 39.2 °C (NEWS2 17).
    const critical = {
      respiratoryRate: 28,
      oxygenLevel: 88,
      onSupplementalOxygen: false,
      systolicBP: 85,
      diastolicBP: 50,
      heartRate: 135,
      consciousness: 'C' as const,
      temperature: 1026,
    };
    // Everything back to normal but the new confusion, which scores 3 alone: NEWS2 3, a red score.
    const better = {
      ...critical,
      respiratoryRate: 16,
      oxygenLevel: 97,
      systolicBP: 120,
      diastolicBP: 80,
      heartRate: 80,
      temperature: 986,
    };
    for (const acknowledgedFirst of [true, false]) {
      const p = await admitPatient(t.app, nurse.cookie, { name: `Fell ${acknowledgedFirst}` });
      await recordReadings(t.app, nurse, { patientId: p.id, readingTime: now(), ...critical });
      const [emergency] = await alertsOf(p.id);
      expect(emergency).toMatchObject({ condition: 'news2-emergency', news2Total: 17 });
      // The alert names every parameter that scores, the 3s first.
      expect(emergency!.message).toBe(
        'NEWS2 17 · RR 28 ≥ 25 · SpO2 88 ≤ 91 · SBP 85 ≤ 90 · HR 135 ≥ 131 · ACVPU C · Temp 39.2 ≥ 39.1',
      );
      if (acknowledgedFirst) await call(nurse, 'POST', `/api/alerts/${emergency!.id}/acknowledge`);
      t.clock.advance(MIN);
      await recordReadings(t.app, nurse, { patientId: p.id, readingTime: now(), ...better });
      // Unacknowledged, the high alert latches until someone acknowledges it.
      if (!acknowledgedFirst) await call(nurse, 'POST', `/api/alerts/${emergency!.id}/acknowledge`);
      const all = await alertsOf(p.id);
      expect(all.map((a) => [a.condition, a.state])).toEqual([
        ['news2-red', 'active'],
        ['news2-emergency', 'resolved'],
      ]);
      expect(all[0]).toMatchObject({ priority: 'medium', message: 'NEWS2 3 · ACVPU C', news2Total: 3 });
      if (acknowledgedFirst) {
        expect(all[1]!.resolution).toBe('NEWS2 fell to NEWS2 red score: its own alert replaces this one');
      }
    }
  });

  it('supersedes a medium alert when the score rises to the emergency band', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Alert Rise' });
    await recordReadings(t.app, nurse, { patientId: p.id, readingTime: now(), respiratoryRate: 25 });
    const [medium] = await alertsOf(p.id);
    expect(medium).toMatchObject({ condition: 'news2-red', priority: 'medium' });
    await recordReadings(t.app, nurse, { patientId: p.id, readingTime: now(), ...UNWELL });
    const all = await alertsOf(p.id);
    expect(all.map((a) => [a.condition, a.state])).toEqual([
      ['news2-emergency', 'active'],
      ['news2-red', 'resolved'],
    ]);
    expect(all[1]!.resolution).toBe('superseded by NEWS2 emergency (7 or more)');
  });

  it('holds a device’s value until a second reading agrees, or until it has persisted', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Alert Device' });
    await call(nurse, 'POST', '/api/device-links', {
      patientId: p.id,
      deviceId: 'oxi-9',
      connectionType: 'Bluetooth',
    });
    const device = { patientId: p.id, deviceId: 'oxi-9', connectionType: 'Bluetooth' };
    await recordReadings(t.app, nurse, { ...device, readingTime: now(), oxygenLevel: 88, heartRate: 135 });
    const [pending] = await alertsOf(p.id);
    expect(pending).toMatchObject({ state: 'pending', confirmation: null, deadlineAt: null });
    t.clock.advance(5_000);
    await recordReadings(t.app, nurse, { ...device, readingTime: now(), oxygenLevel: 89, heartRate: 134 });
    expect((await alertsOf(p.id))[0]).toMatchObject({ state: 'active', confirmation: 'second-reading' });

    const q = await admitPatient(t.app, nurse.cookie, { name: 'Alert Persist' });
    await call(nurse, 'POST', '/api/device-links', {
      patientId: q.id,
      deviceId: 'oxi-10',
      connectionType: 'Bluetooth',
    });
    await recordReadings(t.app, nurse, {
      patientId: q.id,
      deviceId: 'oxi-10',
      connectionType: 'Bluetooth',
      readingTime: now(),
      oxygenLevel: 88,
      heartRate: 135,
    });
    t.clock.advance(DEFAULT_ALERT_SETTINGS.confirmDeviceAfterMs - 1000);
    await t.app.services.alerts.tick();
    expect((await alertsOf(q.id))[0]!.state).toBe('pending');
    t.clock.advance(1000);
    await t.app.services.alerts.tick();
    expect((await alertsOf(q.id))[0]).toMatchObject({ state: 'active', confirmation: 'persisted' });
  });

  it('escalates at the deadline: ward manager, then doctor, rising in priority', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Alert Escalate' });
    await recordReadings(t.app, nurse, { patientId: p.id, readingTime: now(), respiratoryRate: 22 });
    const [low] = await alertsOf(p.id);
    expect(low).toMatchObject({ condition: 'news2-low', priority: 'low', escalationLevel: 0 });
    t.clock.advance(60 * MIN - 1);
    await t.app.services.alerts.tick();
    expect((await alertsOf(p.id))[0]!.escalationLevel).toBe(0);
    t.clock.advance(1);
    await t.app.services.alerts.tick();
    expect((await alertsOf(p.id))[0]).toMatchObject({
      escalationLevel: 1,
      escalatedTo: 'ward_manager',
      priority: 'medium',
      escalatedAt: now(),
    });
    t.clock.advance(15 * MIN);
    await t.app.services.alerts.tick();
    expect((await alertsOf(p.id))[0]).toMatchObject({
      escalationLevel: 2,
      escalatedTo: 'doctor',
      priority: 'high',
    });
    t.clock.advance(60 * MIN);
    await t.app.services.alerts.tick();
    expect((await alertsOf(p.id))[0]!.escalationLevel).toBe(2);
  });
});

describe('technical alerts', () => {
  it('raises one for a silent device link and resolves it when the device reports again', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Alert Silent' });
    const link = (
      await call(nurse, 'POST', '/api/device-links', {
        patientId: p.id,
        deviceId: 'hr-silent',
        deviceName: 'Polar H10',
        connectionType: 'Bluetooth',
      })
    ).json();
    t.clock.advance(DEVICE_LINK_LEASE_MS + 1);
    await t.app.services.deviceLinks.sweep();
    const [lost] = await alertsOf(p.id);
    expect(lost).toMatchObject({
      kind: 'technical',
      condition: 'device-lost',
      priority: 'low',
      subject: String(link.id),
      message: 'Device lost: Polar H10',
      state: 'active',
    });
    await call(nurse, 'POST', `/api/device-links/${link.id}/heartbeat`);
    expect((await alertsOf(p.id))[0]).toMatchObject({
      state: 'resolved',
      resolution: 'device reporting again',
    });
  });

  it('raises one when observations are overdue, and resolves it when they are taken or an exception is recorded', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Alert Overdue', respiratoryRate: 22 });
    expect(p.news2.total).toBe(2);
    expect(p.observations.dueAt).toBe(new Date(t.clock.now().getTime() + 4 * 60 * MIN).toISOString());
    t.clock.advance(4 * 60 * MIN + 1000);
    await t.app.services.alerts.tick();
    const overdue = (await alertsOf(p.id)).find((a) => a.condition === 'observations-overdue');
    expect(overdue).toMatchObject({ kind: 'technical', priority: 'low', state: 'active' });
    await t.app.services.alerts.tick();
    expect((await alertsOf(p.id)).filter((a) => a.condition === 'observations-overdue')).toHaveLength(1);

    const reviewAt = new Date(t.clock.now().getTime() + 2 * 60 * MIN).toISOString();
    const exception = await call(nurse, 'PUT', `/api/patients/${p.id}/monitoring-exception`, {
      reason: 'asleep',
      note: 'Sleeping after a night of pain; review at 06:00',
      reviewAt,
    });
    expect(exception.statusCode).toBe(200);
    const patient = exception.json() as Patient;
    expect(patient.observations).toMatchObject({
      dueAt: reviewAt,
      exception: { reason: 'asleep', reviewAt },
    });
    await t.app.services.alerts.tick();
    expect((await alertsOf(p.id)).find((a) => a.condition === 'observations-overdue')).toMatchObject({
      state: 'resolved',
      resolution: 'monitoring exception recorded',
    });
    expect(
      await count(
        sql`select count(*)::int as n from audit_events where entity_type = 'MonitoringException' and patient_id = ${p.id}`,
      ),
    ).toBe(1);
    const bad = await call(nurse, 'PUT', `/api/patients/${p.id}/monitoring-exception`, {
      reason: 'asleep',
      note: 'x',
      reviewAt: new Date(t.clock.now().getTime() - MIN).toISOString(),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('settings and figures', () => {
  it('lets a ward manager, not a nurse, set the deadlines (audited)', async () => {
    const body = {
      acknowledgeWithinMs: { high: 3 * MIN, medium: 10 * MIN, low: 30 * MIN },
      confirmDeviceAfterMs: 30_000,
    };
    expect((await call(nurse, 'PUT', '/api/alert-settings', body)).statusCode).toBe(403);
    const res = await call(manager, 'PUT', '/api/alert-settings', body);
    expect(res.statusCode).toBe(200);
    expect((await call(nurse, 'GET', '/api/alert-settings')).json()).toEqual(body);
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Alert Fast' });
    await recordReadings(t.app, nurse, { patientId: p.id, readingTime: now(), ...UNWELL });
    expect((await alertsOf(p.id))[0]!.deadlineAt).toBe(
      new Date(t.clock.now().getTime() + 3 * MIN).toISOString(),
    );
    await call(manager, 'PUT', '/api/alert-settings', DEFAULT_ALERT_SETTINGS);
  });

  it('measures alarm fatigue: alerts per patient-day, acknowledged within deadline, median time to acknowledge, escalated', async () => {
    const stats = (await call(nurse, 'GET', '/api/alerts/stats')).json();
    expect(stats.alerts).toBeGreaterThan(0);
    expect(stats.patientDays).toBeGreaterThan(0);
    expect(stats.alertsPerPatientDay).toBeCloseTo(stats.alerts / stats.patientDays, 1);
    expect(stats.acknowledgedWithinDeadlineShare).toBeGreaterThan(0);
    expect(stats.escalatedShare).toBeGreaterThan(0);
    expect(stats.medianTimeToAcknowledgeMs).toBeGreaterThan(0);
  });
});

describe('timers with several instances', () => {
  it('escalates exactly once when two instances tick at the same moment', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Alert Twice' });
    await recordReadings(t.app, nurse, { patientId: p.id, readingTime: now(), ...UNWELL });
    const [alert] = await alertsOf(p.id);
    // PostgreSQL: a second instance with its own pool, as another process would have. PGlite is one process.
    const second = usingPostgres
      ? await openDatabase({ databaseUrl: t.database.connectionString! })
      : t.database;
    const other = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none' }),
      database: second,
      clock: t.clock,
      logger: false,
      deviceSweep: false,
      alertTimers: false,
      readingStorage: false,
      wearablePoller: false,
    });
    try {
      t.clock.advance(5 * MIN);
      await Promise.all([
        t.app.services.alerts.tick(),
        other.services.alerts.tick(),
        t.app.services.alerts.tick(),
        other.services.alerts.tick(),
      ]);
      expect((await alertsOf(p.id))[0]).toMatchObject({ escalationLevel: 1, escalatedTo: 'ward_manager' });
      expect(
        await count(
          sql`select count(*)::int as n from audit_events where entity_type = 'Alert' and entity_id = ${String(alert!.id)} and detail like 'escalated%'`,
        ),
      ).toBe(1);
      expect((await alertEvents(p.id)).filter((a) => a.escalationLevel === 1)).toHaveLength(1);
    } finally {
      await other.close();
      if (second !== t.database) await second.close();
    }
  });
});

describe.runIf(usingPostgres)('alert settings across instances (PostgreSQL)', () => {
  it('reach the other instance at once: its next alert has the new deadline', async () => {
    const { one, two, close } = await startTwoInstances();
    try {
      const admin = await signUp(one.url);
      const wardManager = await signUpAs(one.url, admin.cookie, 'ward_manager');
      const ward = await signUpAs(one.url, admin.cookie, 'nurse');
      const settingsOn = async (url: string) =>
        (await fetch(`${url}/api/alert-settings`, { headers: { cookie: ward.cookie } })).json();
      // The other instance has read the settings, and holds them.
      expect(await settingsOn(two.url)).toEqual(DEFAULT_ALERT_SETTINGS);
      const faster = {
        acknowledgeWithinMs: { high: 3 * MIN, medium: 10 * MIN, low: 30 * MIN },
        confirmDeviceAfterMs: 30_000,
      };
      const saved = await fetch(`${one.url}/api/alert-settings`, {
        method: 'PUT',
        headers: { cookie: wardManager.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(faster),
      });
      expect(saved.status).toBe(200);
      // Within 2 s (the event's NOTIFY), well before a cache of 10 s would have let them through.
      const started = Date.now();
      let seen: unknown;
      while (Date.now() - started < 2000) {
        seen = await settingsOn(two.url);
        if (JSON.stringify(seen) === JSON.stringify(faster)) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      console.log(`alert settings reached the other instance in ${Date.now() - started} ms`);
      expect(seen).toEqual(faster);
      const p = await admitPatient(two.url, ward.cookie, { name: 'Alert Other Instance' });
      await recordReadings(two.url, ward, {
        patientId: p.id,
        readingTime: new Date().toISOString(),
        ...UNWELL,
      });
      const [alert] = (
        (await (
          await fetch(`${two.url}/api/alerts?patientId=${p.id}&state=all`, {
            headers: { cookie: ward.cookie },
          })
        ).json()) as unknown[]
      ).map((a) => Alert.parse(a));
      expect(new Date(alert!.deadlineAt!).getTime() - new Date(alert!.raisedAt).getTime()).toBe(3 * MIN);
    } finally {
      await close();
    }
  });
});
