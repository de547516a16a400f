import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import {
  type Alert,
  OutreachPatient,
  type Patient,
  TransferResult,
  Ward,
  WardBoard,
  WardLayout,
} from '@vigil/domain';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { openSse, type SseClient } from './sse-client.ts';
import { admitPatient, recordReadings, type Session, signIn, signUp, signUpAs } from './support/factories.ts';

const MIN = 60_000;
/** NEWS2 9 (RR 27 → 3, SpO2 91 → 3, pulse 135 → 3; RCP NEWS2 chart): an emergency, high priority. */
const DETERIORATING = { respiratoryRate: 27, oxygenLevel: 91, pulse: 135 };

let t: TestApp;
let url: string;
let admin: Session;
let wardB: Ward;
const people: Record<string, Session> = {};
const call = (who: Session, method: string, u: string, payload?: unknown) => t.as(who, method, u, payload);

/** A person of `role` working on `wards` (set by the administrator). */
async function staff(role: Session['user']['role'], wardIds: number[]): Promise<Session> {
  const s = await signUpAs(t.app, admin.cookie, role);
  const res = await call(admin, 'PUT', `/api/accounts/${s.user.id}/wards`, { wardIds });
  expect(res.statusCode).toBe(200);
  return s;
}

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signUp(t.app);
  const created = await call(admin, 'POST', '/api/wards', { name: 'Ward 8', code: 'w8' });
  expect(created.statusCode).toBe(201);
  wardB = Ward.parse(created.json());
  expect(wardB.code).toBe('W8');
  people.nurseA = await staff('nurse', [1]);
  people.nurseB = await staff('nurse', [wardB.id]);
  people.managerA = await staff('ward_manager', [1]);
  people.managerB = await staff('ward_manager', [wardB.id]);
  people.doctorA = await staff('doctor', [1]);
  people.doctorB = await staff('doctor', [wardB.id]);
  people.outreach = await signUpAs(t.app, admin.cookie, 'outreach');
  for (const [who, ward, beds] of [
    [people.managerA!, 1, ['A1', 'A2']],
    [people.managerB!, wardB.id, ['A1', 'B2']],
  ] as const) {
    const res = await call(who, 'PUT', `/api/ward/layout?ward=${ward}`, {
      bays: [{ name: 'Bay', beds: beds.map((label) => ({ label })) }],
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

const alertsAs = async (who: Session, patientId?: number): Promise<Alert[]> =>
  (await call(who, 'GET', `/api/alerts${patientId ? `?patientId=${patientId}` : ''}`)).json();
const layoutOf = async (who: Session, ward: number) =>
  WardLayout.parse((await call(who, 'GET', `/api/ward/layout?ward=${ward}`)).json());
const bedOf = (layout: WardLayout, label: string) =>
  layout.bays.flatMap((b) => b.beds).find((b) => b.label === label)!;

describe('who sees what: a nurse of ward A and a ward B patient', () => {
  let onA: Patient;
  let onB: Patient;
  beforeAll(async () => {
    onA = await admitPatient(t.app, people.nurseA!.cookie, { name: 'Ward A Patient' });
    // Her only ward is B: admitted there without naming it.
    onB = await admitPatient(t.app, people.nurseB!.cookie, { name: 'Ward B Patient', ...DETERIORATING });
  });

  it('admits to the admitting person’s ward, and refuses a ward she does not see', async () => {
    expect(onA.wardId).toBe(1);
    expect(onB.wardId).toBe(wardB.id);
    const res = await call(people.nurseA!, 'POST', '/api/patients', {
      name: 'Elsewhere',
      condition: 'Stable',
      oxygenLevel: 97,
      pulse: 80,
      systolicBP: 120,
      diastolicBP: 80,
      temperature: 986,
      wardId: wardB.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('WARD_NOT_FOUND');
  });

  it('leaves her out of every FHIR search and read, as the API does (404 for her resources)', async () => {
    const fhir = async (who: Session, u: string) => {
      const res = await call(who, 'GET', `/fhir/R4/${u}`);
      return { status: res.statusCode, body: res.json() };
    };
    type Entry = { resource: { id: string; subject?: { reference: string }; member?: unknown } };
    const entries = (body: { entry?: Entry[] }) => body.entry ?? [];
    // Ward B's nurse reads her admission set; ward A's nurse finds nothing of it.
    const mine = await fhir(people.nurseB!, `Observation?patient=${onB.id}`);
    expect(mine.status).toBe(200);
    const observationId = entries(mine.body)[0]!.resource.id;
    const readingId = observationId.split('-')[0];
    expect((await fhir(people.nurseB!, `Observation/${observationId}`)).status).toBe(200);
    expect((await fhir(people.nurseA!, `Observation/${observationId}`)).status).toBe(404);
    expect((await fhir(people.nurseA!, `Provenance/${readingId}`)).status).toBe(404);
    expect(entries((await fhir(people.nurseA!, `Observation?patient=${onB.id}`)).body)).toEqual([]);
    const subjects = entries(
      (await fhir(people.nurseA!, 'Observation?category=vital-signs&_count=1000')).body,
    ).map((e) => e.resource.subject?.reference);
    expect(subjects).toContain(`Patient/${onA.id}`);
    expect(subjects).not.toContain(`Patient/${onB.id}`);
    const named = entries((await fhir(people.nurseA!, 'Patient?name=ward')).body).map((e) => e.resource.id);
    expect(named).toEqual([String(onA.id)]);
    const group = JSON.stringify((await fhir(people.nurseA!, 'Group/ward')).body);
    expect(group).toContain(`Patient/${onA.id}"`);
    expect(group).not.toContain(`Patient/${onB.id}"`);
    // The outreach team sees every ward.
    expect((await fhir(people.outreach!, `Observation/${observationId}`)).status).toBe(200);
  });

  it('answers 404 for her record, its parts and changes, as for a patient that does not exist', async () => {
    const nurseA = people.nurseA!;
    for (const [method, u, body] of [
      ['GET', `/api/patients/${onB.id}`],
      ['GET', `/api/patients/${onB.id}/timeline`],
      ['GET', `/api/patients/${onB.id}/notes`],
      ['GET', `/api/patients/${onB.id}/trend`],
      ['PATCH', `/api/patients/${onB.id}`, { condition: 'Critical' }],
      ['POST', `/api/patients/${onB.id}/notes`, { patientId: onB.id, content: 'Not mine' }],
      ['POST', `/api/patients/${onB.id}/transfer`, { wardId: 1 }],
    ] as const) {
      const res = await call(nurseA, method, u, body);
      expect(res.statusCode, `${method} ${u}`).toBe(404);
      expect(res.json().code).toBe('PATIENT_NOT_FOUND');
    }
    // Observations for her, by body, are refused the same way.
    const reading = await call(nurseA, 'POST', '/api/device-readings', {
      patientId: onB.id,
      readingTime: t.clock.now().toISOString(),
      heartRate: 80,
    });
    expect(reading.statusCode).toBe(404);
    // Her own ward's nurse, and the administrator (hospital-wide), read her.
    expect((await call(people.nurseB!, 'GET', `/api/patients/${onB.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/patients/${onB.id}`)).statusCode).toBe(200);
  });

  it('leaves her out of the list, the alerts, the board and the handover', async () => {
    const listA: Patient[] = (await call(people.nurseA!, 'GET', '/api/patients')).json();
    expect(listA.map((p) => p.id)).toContain(onA.id);
    expect(listA.map((p) => p.id)).not.toContain(onB.id);
    const listB: Patient[] = (await call(people.nurseB!, 'GET', '/api/patients')).json();
    expect(listB.map((p) => p.id)).toEqual([onB.id]);

    const [alertB] = await alertsAs(people.nurseB!, onB.id);
    expect(alertB).toMatchObject({ condition: 'news2-emergency', state: 'active' });
    expect(await alertsAs(people.nurseA!, onB.id)).toEqual([]);
    expect((await alertsAs(people.nurseA!)).some((a) => a.patientId === onB.id)).toBe(false);
    const ack = await call(people.nurseA!, 'POST', `/api/alerts/${alertB!.id}/acknowledge`, {});
    expect(ack.statusCode).toBe(404);
    expect(ack.json().code).toBe('ALERT_NOT_FOUND');

    const board = WardBoard.parse((await call(people.nurseA!, 'GET', '/api/ward/board')).json());
    expect(board.unplacedPatientIds).toContain(onA.id);
    expect(board.unplacedPatientIds).not.toContain(onB.id);
    expect(board.figures.openAlerts).toBe(0);
    const other = await call(people.nurseA!, 'GET', `/api/ward/board?ward=${wardB.id}`);
    expect(other.statusCode).toBe(404);
    const boardB = WardBoard.parse((await call(people.nurseB!, 'GET', '/api/ward/board')).json());
    expect(boardB.unplacedPatientIds).toEqual([onB.id]);
    expect(boardB.figures.openAlerts).toBe(1);

    // A ward manager with no patients of her own drafts every patient of her wards, and only those.
    const handover = (await call(people.managerA!, 'GET', '/api/handover')).json() as {
      outgoing: { patientId: number }[];
    };
    const drafted = handover.outgoing.map((d) => d.patientId);
    expect(drafted).toContain(onA.id);
    expect(drafted).not.toContain(onB.id);
  });

  it('carries no other ward’s event on her stream, and ends it when her wards change', async () => {
    const streams: SseClient[] = [];
    try {
      const streamA = await openSse(`${url}/api/events`, { cookie: people.nurseA!.cookie });
      const streamB = await openSse(`${url}/api/events`, { cookie: people.nurseB!.cookie });
      streams.push(streamA, streamB);
      const reading = (patientId: number, heartRate: number) => ({
        patientId,
        readingTime: t.clock.now().toISOString(),
        heartRate,
      });
      const ofPatient = (id: number) => (m: { data: string }) => JSON.parse(m.data).patientId === id;
      await recordReadings(t.app, people.nurseB!, reading(onB.id, 131));
      await streamB.waitFor(ofPatient(onB.id));
      // Ward A's reading comes after ward B's: once A's stream has it, B's would have come first.
      await recordReadings(t.app, people.nurseA!, reading(onA.id, 77));
      await streamA.waitFor(ofPatient(onA.id));
      const crossWard = streamA.messages.filter((m) => JSON.parse(m.data).patientId === onB.id);
      expect(crossWard).toHaveLength(0);
      expect(streamB.messages.filter((m) => JSON.parse(m.data).patientId === onA.id)).toHaveLength(0);

      // Her wards change: the stream she holds ends at once; a new one carries ward B too.
      const res = await call(admin, 'PUT', `/api/accounts/${people.nurseA!.user.id}/wards`, {
        wardIds: [1, wardB.id],
      });
      expect(res.statusCode).toBe(200);
      await streamA.closed;
      const again = await openSse(`${url}/api/events`, { cookie: people.nurseA!.cookie });
      streams.push(again);
      await recordReadings(t.app, people.nurseB!, reading(onB.id, 132));
      await again.waitFor(ofPatient(onB.id));
      expect((await call(people.nurseA!, 'GET', `/api/patients/${onB.id}`)).statusCode).toBe(200);
    } finally {
      for (const s of streams) s.close();
      await call(admin, 'PUT', `/api/accounts/${people.nurseA!.user.id}/wards`, { wardIds: [1] });
    }
  });
});

describe('a transfer', () => {
  it('moves the patient, her bed and her open alerts to the other ward, on the timeline and in the audit trail', async () => {
    const nurseA = people.nurseA!;
    const p = await admitPatient(t.app, nurseA.cookie, { name: 'To Transfer', ...DETERIORATING });
    const a1 = bedOf(await layoutOf(nurseA, 1), 'A1');
    expect((await call(nurseA, 'PUT', `/api/patients/${p.id}/bed`, { bedId: a1.id })).statusCode).toBe(200);
    const [open] = await alertsAs(nurseA, p.id);
    expect(open).toMatchObject({ state: 'active' });
    const shift = (await call(people.managerA!, 'GET', '/api/ward/assignments?ward=1')).json().shift;
    const assigned = await call(
      people.managerA!,
      'PUT',
      `/api/ward/assignments/${shift.key}/${p.id}?ward=1`,
      {
        nurseId: nurseA.user.id,
      },
    );
    expect(assigned.statusCode).toBe(200);

    const layoutB = await layoutOf(people.nurseB!, wardB.id);
    // Refused: an unknown ward, a bed of another ward, an occupied bed; nothing moves.
    const unknown = await call(nurseA, 'POST', `/api/patients/${p.id}/transfer`, { wardId: 9999 });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'UNKNOWN_WARD']);
    const wrongBed = await call(nurseA, 'POST', `/api/patients/${p.id}/transfer`, {
      wardId: wardB.id,
      bedId: bedOf(await layoutOf(nurseA, 1), 'A2').id,
    });
    expect([wrongBed.statusCode, wrongBed.json().code]).toEqual([404, 'BED_NOT_FOUND']);
    const same = await call(nurseA, 'POST', `/api/patients/${p.id}/transfer`, { wardId: 1 });
    expect([same.statusCode, same.json().code]).toEqual([409, 'ALREADY_ON_WARD']);

    // Ward B's bed "A1" is another bed than ward A's: labels are unique within a ward.
    const target = bedOf(layoutB, 'A1');
    expect(target.id).not.toBe(a1.id);
    const res = await call(nurseA, 'POST', `/api/patients/${p.id}/transfer`, {
      wardId: wardB.id,
      bedId: target.id,
    });
    expect(res.statusCode).toBe(200);
    expect(TransferResult.parse(res.json())).toMatchObject({
      patientId: p.id,
      fromWard: { id: 1 },
      toWard: { id: wardB.id, code: 'W8' },
      fromBed: 'A1',
      toBed: 'A1',
    });

    expect(bedOf(await layoutOf(nurseA, 1), 'A1').patientId).toBeNull();
    expect(bedOf(await layoutOf(people.nurseB!, wardB.id), 'A1').patientId).toBe(p.id);
    // She is ward B's now: gone from ward A's reach, her open alert with her.
    expect((await call(nurseA, 'GET', `/api/patients/${p.id}`)).statusCode).toBe(404);
    expect(await alertsAs(nurseA, p.id)).toEqual([]);
    // Her assignment to ward A's nurse ended with the move: ward B's nurse in charge assigns her.
    expect(
      await t.count(sql`select count(*)::int as n from shift_assignments where patient_id = ${p.id}`),
    ).toBe(0);
    const followed = await alertsAs(people.nurseB!, p.id);
    expect(followed.map((a) => [a.id, a.state])).toEqual([[open!.id, 'active']]);

    const timeline = (await call(people.nurseB!, 'GET', `/api/patients/${p.id}/timeline`)).json() as {
      type: string;
      title: string;
      author: string | null;
    }[];
    expect(timeline.find((e) => e.type === 'transferred')).toMatchObject({ title: 'Transferred to Ward 8' });
    expect(
      await t.count(
        sql`select count(*)::int as n from audit_events where entity_type = 'Transfer' and patient_id = ${p.id} and user_id = ${nurseA.user.id}`,
      ),
    ).toBe(1);
  });
});

describe('the outreach list', () => {
  it("lists every ward's patients at risk for the outreach team only, overdue first", async () => {
    expect((await call(people.nurseA!, 'GET', '/api/outreach/patients')).statusCode).toBe(403);
    const well = await admitPatient(t.app, people.nurseA!.cookie, { name: 'Well Outreach' });
    const urgent = await admitPatient(t.app, people.nurseA!.cookie, {
      name: 'Urgent Outreach',
      ...DETERIORATING,
    });
    const red = await admitPatient(t.app, people.nurseB!.cookie, {
      name: 'Red Outreach',
      consciousness: 'C',
    });
    const res = await call(people.outreach!, 'GET', '/api/outreach/patients');
    expect(res.statusCode).toBe(200);
    const list = OutreachPatient.array().parse(res.json());
    const ids = list.map((e) => e.patientId);
    expect(ids).not.toContain(well.id);
    expect(list.find((e) => e.patientId === urgent.id)).toMatchObject({
      ward: { id: 1 },
      news2: { total: 9 },
      reasons: ['news2-7-or-more', 'red-score'],
      alert: { condition: 'news2-emergency', escalatedTo: null },
    });
    const redEntry = list.find((e) => e.patientId === red.id)!;
    expect(redEntry).toMatchObject({
      ward: { id: wardB.id, code: 'W8' },
      news2: { total: 3, redScore: true },
      reasons: ['red-score'],
      alert: { condition: 'news2-red', state: 'active' },
    });
    // Patients on both wards, each with its NEWS2 ≥ 5 or red score.
    expect(new Set(list.map((e) => e.ward.id))).toEqual(new Set([1, wardB.id]));
    for (const e of list)
      expect(e.news2.total >= 5 || e.news2.redScore || e.reasons.includes('rising')).toBe(true);
    const overdue = list.map((e) => e.observations.overdue);
    expect(overdue).toEqual([...overdue].sort((a, b) => Number(b) - Number(a)));
  });
});

describe('escalation by ward', () => {
  const tickAfter = async (ms: number) => {
    t.clock.advance(ms);
    await t.app.services.alerts.tick();
  };
  // The clock runs past the sessions' idle expiry: each read signs in again.
  const alertOfPatient = async (id: number) => {
    const fresh = await signIn(t.app, admin.user.username);
    // The clinical alert (overdue observations raise a technical one of their own meanwhile).
    return ((await call(fresh, 'GET', `/api/alerts?patientId=${id}&kind=clinical`)).json() as Alert[])[0]!;
  };

  it("reaches the patient's ward manager, then its doctor, then (NEWS2 7 or more) the outreach team", async () => {
    const p = await admitPatient(t.app, people.nurseA!.cookie, { name: 'Escalate A', ...DETERIORATING });
    const alertOf = () => alertOfPatient(p.id);
    expect(await alertOf()).toMatchObject({
      condition: 'news2-emergency',
      priority: 'high',
      escalationLevel: 0,
    });
    await tickAfter(5 * MIN);
    expect(await alertOf()).toMatchObject({
      escalationLevel: 1,
      escalatedTo: 'ward_manager',
      escalatedToUsers: [people.managerA!.user.id],
    });
    await tickAfter(5 * MIN);
    expect(await alertOf()).toMatchObject({
      escalationLevel: 2,
      escalatedTo: 'doctor',
      escalatedToUsers: [people.doctorA!.user.id],
    });
    await tickAfter(5 * MIN);
    expect(await alertOf()).toMatchObject({
      escalationLevel: 3,
      escalatedTo: 'outreach',
      escalatedToUsers: [people.outreach!.user.id],
    });
    await tickAfter(60 * MIN);
    expect((await alertOf()).escalationLevel).toBe(3);
  });

  it("reaches ward B's own people, and a NEWS2 1–4 alert never the outreach team", async () => {
    const nurseB = await signIn(t.app, people.nurseB!.user.username);
    const p = await admitPatient(t.app, nurseB.cookie, { name: 'Escalate B', respiratoryRate: 22 });
    const alertOf = () => alertOfPatient(p.id);
    expect(await alertOf()).toMatchObject({ condition: 'news2-low', priority: 'low' });
    await tickAfter(60 * MIN);
    expect(await alertOf()).toMatchObject({
      escalatedTo: 'ward_manager',
      escalatedToUsers: [people.managerB!.user.id],
    });
    await tickAfter(15 * MIN);
    expect(await alertOf()).toMatchObject({
      escalatedTo: 'doctor',
      escalatedToUsers: [people.doctorB!.user.id],
    });
    await tickAfter(120 * MIN);
    expect(await alertOf()).toMatchObject({ escalationLevel: 2, escalatedTo: 'doctor' });
  });
});

describe('upgrading a one-ward database (migration 0019)', () => {
  const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-wards-migration-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('makes the ward ward 1, with every account, patient, bay, bed and nurse in charge on it', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8'));
    const cut = journal.entries.findIndex((e: { tag: string }) => e.tag === '0019_wards');
    expect(cut).toBeGreaterThan(0);
    const old = path.join(dir, 'old');
    fs.mkdirSync(path.join(old, 'meta'), { recursive: true });
    const entries = journal.entries.slice(0, cut);
    fs.writeFileSync(path.join(old, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const e of entries)
      fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(old, `${e.tag}.sql`));

    const data = path.join(dir, 'data');
    const before = await PGlite.create(data);
    await migrate(drizzle({ client: before }), { migrationsFolder: old });
    const nurse = (
      await before.query<{ id: number }>(
        `insert into users (username, username_key, password, role) values ('n', 'n', 'x', 'nurse') returning id`,
      )
    ).rows[0]!.id;
    const patient = (
      await before.query<{ id: number }>(
        `insert into patients (name, oxygen_level, pulse, systolic_bp, diastolic_bp, temperature, condition)
         values ('Kept', 97, 72, 120, 80, 986, 'Stable') returning id`,
      )
    ).rows[0]!.id;
    const bay = (
      await before.query<{ id: number }>(
        `insert into ward_bays (name, position) values ('Bay A', 0) returning id`,
      )
    ).rows[0]!.id;
    await before.query(
      `insert into ward_beds (bay_id, label, label_key, position, patient_id) values ($1, 'A1', 'A1', 0, $2)`,
      [bay, patient],
    );
    await before.query(
      `insert into shift_leads (shift_key, nurse_id, named_by, named_at) values ('2026-11-28/day', $1, $1, now())`,
      [nurse],
    );
    await before.close();

    const upgraded = await openDatabase({ dataDir: data });
    try {
      await upgraded.migrate();
      const rows = async (q: string) =>
        ((await upgraded.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows;
      expect(await rows('select id, name, code from wards')).toEqual([{ id: 1, name: 'Ward 1', code: 'W1' }]);
      expect(await rows('select user_id, ward_id from ward_members')).toEqual([
        { user_id: nurse, ward_id: 1 },
      ]);
      expect(await rows('select ward_id from patients')).toEqual([{ ward_id: 1 }]);
      expect(await rows('select ward_id from ward_bays')).toEqual([{ ward_id: 1 }]);
      expect(await rows('select ward_id, patient_id from ward_beds')).toEqual([
        { ward_id: 1, patient_id: patient },
      ]);
      expect(await rows('select ward_id, shift_key from shift_leads')).toEqual([
        { ward_id: 1, shift_key: '2026-11-28/day' },
      ]);
      // The next ward takes the next id.
      expect(await rows(`insert into wards (name, code) values ('Two', 'W2') returning id`)).toEqual([
        { id: 2 },
      ]);
    } finally {
      await upgraded.close();
    }
  });
});
