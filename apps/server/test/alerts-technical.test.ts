import { Alert, DEVICE_LINK_LEASE_MS, type Patient } from '@vigil/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, recordReadings, type Session, signIn, signUp, signUpAs } from './support/factories.ts';

// The technical alerts of decision 021 that alerts.test.ts leaves out (a silent bridge, observations
// overdue for long), the filters of GET /api/alerts, and the audit trail of an alert's life.

let t: TestApp;
let nurse: Session;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await signUp(t.app);
  nurse = await signUpAs(t.app, admin.cookie, 'nurse');
});
afterAll(() => t.close());

const MIN = 60_000;
const now = () => t.clock.now().toISOString();
/** GET /api/alerts with `query` (signed in again first: the clock moves by hours). */
const listAlerts = async (query: string) => {
  nurse = await signIn(t.app, nurse.user.username);
  const res = await t.as(nurse, 'GET', `/api/alerts?${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as unknown[]).map((a) => Alert.parse(a));
};
const alertsOf = (patient: Patient) => listAlerts(`patientId=${patient.id}&state=all`);
const link = async (patient: Patient, body: Record<string, unknown>) => {
  const res = await t.as(nurse, 'POST', '/api/device-links', { patientId: patient.id, ...body });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
};

describe('technical alerts', () => {
  it('raises "bridge not reporting" when a bridge’s device link stops reporting, and resolves it when it reports again', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Bridge Silent' });
    const bridge = { deviceId: 'bridge-oxi-1', deviceName: 'Nonin 3230', connectionType: 'Bridge' };
    const { id } = await link(p, bridge);
    await recordReadings(t.app, nurse, { patientId: p.id, ...bridge, readingTime: now(), oxygenLevel: 97 });
    t.clock.advance(DEVICE_LINK_LEASE_MS - 1000);
    await t.app.services.deviceLinks.sweep();
    expect(await alertsOf(p)).toEqual([]);

    t.clock.advance(2000);
    await t.app.services.deviceLinks.sweep();
    const [silent, ...others] = await alertsOf(p);
    expect(others).toEqual([]);
    expect(silent).toMatchObject({
      kind: 'technical',
      condition: 'bridge-silent',
      priority: 'low',
      state: 'active',
      subject: String(id),
      message: 'Bridge not reporting: Nonin 3230',
      raisedAt: now(),
    });
    expect(silent!.response).toMatch(/Health Device Bridge/);
    // Still silent: the same alert, not a second one.
    t.clock.advance(MIN);
    await t.app.services.deviceLinks.sweep();
    expect(await alertsOf(p)).toHaveLength(1);

    await recordReadings(t.app, nurse, { patientId: p.id, ...bridge, readingTime: now(), oxygenLevel: 96 });
    await t.app.services.deviceLinks.sweep();
    expect(await alertsOf(p)).toEqual([
      expect.objectContaining({ id: silent!.id, state: 'resolved', resolution: 'device reporting again' }),
    ]);
  });

  it('escalates an overdue-observations alert nobody acknowledges at its deadline: ward manager, then doctor', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Long Overdue' });
    // NEWS2 0: observations at least every 12 hours (RCP NEWS2 Chart 4).
    expect(p.news2.total).toBe(0);
    t.clock.advance(12 * 60 * MIN + 1000);
    await t.app.services.alerts.tick();
    const [overdue] = await alertsOf(p);
    expect(overdue).toMatchObject({
      condition: 'observations-overdue',
      priority: 'low',
      state: 'active',
      escalationLevel: 0,
      deadlineAt: new Date(t.clock.now().getTime() + 60 * MIN).toISOString(),
    });

    t.clock.advance(60 * MIN - 1);
    await t.app.services.alerts.tick();
    expect((await alertsOf(p))[0]).toMatchObject({ escalationLevel: 0, escalatedTo: null });
    t.clock.advance(1);
    await t.app.services.alerts.tick();
    expect((await alertsOf(p))[0]).toMatchObject({
      id: overdue!.id,
      state: 'active',
      escalationLevel: 1,
      escalatedTo: 'ward_manager',
      escalatedAt: now(),
      priority: 'medium',
    });
    t.clock.advance(15 * MIN);
    await t.app.services.alerts.tick();
    expect((await alertsOf(p))[0]).toMatchObject({
      escalationLevel: 2,
      escalatedTo: 'doctor',
      priority: 'high',
    });
    expect(await alertsOf(p)).toHaveLength(1);

    // Observations taken: it ends, escalated or not.
    await recordReadings(t.app, nurse, {
      patientId: p.id,
      readingTime: now(),
      respiratoryRate: 16,
      oxygenLevel: 97,
      heartRate: 80,
      systolicBP: 120,
      diastolicBP: 80,
      temperature: 986,
      consciousness: 'A',
      onSupplementalOxygen: false,
    });
    await t.app.services.alerts.tick();
    expect((await alertsOf(p))[0]).toMatchObject({ state: 'resolved', resolution: 'observations recorded' });
  });
});

/**
 * A patient with three alerts, oldest first: NEWS2 red score (medium, clinical), superseded a minute
 * later by NEWS2 ≥ 7 (high, clinical), and between them a device lost (low, technical).
 */
async function threeAlerts(name: string) {
  const p = await admitPatient(t.app, nurse.cookie, { name });
  await recordReadings(t.app, nurse, { patientId: p.id, readingTime: now(), respiratoryRate: 25 });
  t.clock.advance(MIN);
  const { id: linkId } = await link(p, { deviceId: `hr-${p.id}`, connectionType: 'Bluetooth' });
  await t.as(nurse, 'PATCH', `/api/device-links/${linkId}`, { state: 'disconnected' });
  t.clock.advance(MIN);
  await recordReadings(t.app, nurse, {
    patientId: p.id,
    readingTime: now(),
    respiratoryRate: 27,
    oxygenLevel: 90,
    heartRate: 125,
  });
  const all = await alertsOf(p);
  expect(all.map((a) => [a.condition, a.priority, a.kind, a.state])).toEqual([
    ['news2-emergency', 'high', 'clinical', 'active'],
    ['device-lost', 'low', 'technical', 'active'],
    ['news2-red', 'medium', 'clinical', 'resolved'],
  ]);
  return { patient: p, linkId, all };
}

describe('GET /api/alerts', () => {
  it('narrows the answer by priority, kind, since and limit, each on its own', async () => {
    const { patient, all } = await threeAlerts('Alert Filters');
    const [emergency, lost, red] = all;
    const ids = async (filter: string) =>
      (await listAlerts(`patientId=${patient.id}&state=all&${filter}`)).map((a) => a.id);
    expect(await ids('priority=high')).toEqual([emergency!.id]);
    expect(await ids('priority=medium')).toEqual([red!.id]);
    expect(await ids('priority=low')).toEqual([lost!.id]);
    expect(await ids('kind=technical')).toEqual([lost!.id]);
    expect(await ids('kind=clinical')).toEqual([emergency!.id, red!.id]);
    expect(await ids(`since=${encodeURIComponent(lost!.raisedAt)}`)).toEqual([emergency!.id, lost!.id]);
    expect(await ids('limit=1')).toEqual([emergency!.id]);
    expect(await ids('limit=2')).toEqual([emergency!.id, lost!.id]);
    // Filters combine, with the default state (open).
    const open = await listAlerts(`patientId=${patient.id}&kind=clinical&priority=high`);
    expect(open.map((a) => a.id)).toEqual([emergency!.id]);

    for (const [bad, message] of [
      ['priority=urgent', 'priority must be one of high, medium, low'],
      ['kind=physical', 'kind must be clinical or technical'],
      ['limit=0', 'limit must be within 1–500'],
    ] as const) {
      const res = await t.as(nurse, 'GET', `/api/alerts?${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});

describe('the audit trail of an alert', () => {
  it('has a row for every raise, supersede and resolve', async () => {
    const { patient, linkId, all } = await threeAlerts('Alert Audit');
    await t.as(nurse, 'PATCH', `/api/device-links/${linkId}`, { state: 'connected' });
    expect((await alertsOf(patient)).find((a) => a.condition === 'device-lost')).toMatchObject({
      state: 'resolved',
      resolution: 'device reporting again',
    });
    const [emergency, lost, red] = all;
    const result = await t.database.db.execute(
      sql`select entity_id as "entityId", action, detail from audit_events
          where entity_type = 'Alert' and patient_id = ${patient.id} order by id`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { entityId: String(red!.id), action: 'create', detail: 'raised news2-red (medium)' },
      { entityId: String(lost!.id), action: 'create', detail: 'raised device-lost (low)' },
      {
        entityId: String(red!.id),
        action: 'update',
        detail: 'resolved: superseded by NEWS2 emergency (7 or more)',
      },
      { entityId: String(emergency!.id), action: 'create', detail: 'raised news2-emergency (high)' },
      { entityId: String(lost!.id), action: 'update', detail: 'resolved: device reporting again' },
    ]);
  });
});
