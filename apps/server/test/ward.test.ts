import {
  Assignments,
  BedMove,
  displayPatientId,
  type Patient,
  WardBoard,
  WardLayout,
  type WardLayoutInput,
  WardSettings,
  type WardStaffMember,
} from '@vigil/domain';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, recordReadings, type Session, signIn, signUp, signUpAs } from './support/factories.ts';

let t: TestApp;
let admin: Session;
let nurse: Session;
let manager: Session;
let auditor: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app);
  nurse = await signUpAs(t.app, admin.cookie, 'nurse');
  manager = await signUpAs(t.app, admin.cookie, 'ward_manager');
  auditor = await signUpAs(t.app, admin.cookie, 'auditor');
});
afterAll(() => t.close());

const call = (who: Session, method: string, url: string, payload?: unknown) =>
  t.as(who, method, url, payload);
const count = (query: SQL) => t.count(query);
const layoutInput = (layout: WardLayout): WardLayoutInput => ({
  bays: layout.bays.map((bay) => ({
    id: bay.id,
    name: bay.name,
    beds: bay.beds.map((b) => ({ id: b.id, label: b.label })),
  })),
});
const bedId = (layout: WardLayout, label: string) =>
  layout.bays.flatMap((bay) => bay.beds).find((bed) => bed.label === label)!.id;
const getLayout = async (as: Session = nurse) =>
  WardLayout.parse((await call(as, 'GET', '/api/ward/layout')).json());

/** The first layout: two bays; every test below works on it. */
const FIRST_LAYOUT: WardLayoutInput = {
  bays: [
    { name: 'Bay A', beds: [{ label: 'A1' }, { label: 'A2' }, { label: 'A3' }] },
    { name: 'Bay B', beds: [{ label: 'B1' }, { label: 'B2' }] },
  ],
};

describe('the ward layout', () => {
  it('is laid out by a ward manager, not a nurse, and refuses duplicate labels with a message', async () => {
    expect((await call(nurse, 'PUT', '/api/ward/layout', FIRST_LAYOUT)).statusCode).toBe(403);
    const res = await call(manager, 'PUT', '/api/ward/layout', FIRST_LAYOUT);
    expect(res.statusCode).toBe(200);
    const layout = WardLayout.parse(res.json());
    expect(layout.bays.map((bay) => [bay.name, bay.beds.map((b) => b.label)])).toEqual([
      ['Bay A', ['A1', 'A2', 'A3']],
      ['Bay B', ['B1', 'B2']],
    ]);
    const twice = await call(manager, 'PUT', '/api/ward/layout', {
      bays: [{ name: 'Bay C', beds: [{ label: 'C1' }, { label: 'c1' }] }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('Bed label C1 is used twice; each bed needs its own label.');
    const noName = await call(manager, 'PUT', '/api/ward/layout', { bays: [{ name: ' ', beds: [] }] });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('Bay name must not be empty');
    const unknown = await call(manager, 'PUT', '/api/ward/layout', {
      bays: [{ name: 'X', beds: [{ id: 99999, label: 'X1' }] }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Bed id 99999 is not on this ward; leave the id out for a new bed.');
    expect(await getLayout()).toEqual(layout);
  });

  it('lets two kept beds swap labels in one edit', async () => {
    const layout = await getLayout();
    const input = layoutInput(layout);
    input.bays[1]!.beds = input.bays[1]!.beds.map((b) => ({ ...b, label: b.label === 'B1' ? 'B2' : 'B1' }));
    const after = WardLayout.parse((await call(manager, 'PUT', '/api/ward/layout', input)).json());
    expect(after.bays[1]!.beds.map((b) => [b.id, b.label])).toEqual(
      layout.bays[1]!.beds.map((b) => [b.id, b.label === 'B1' ? 'B2' : 'B1']),
    );
    expect(
      await count(sql`select count(*)::int as n from audit_events where entity_type = 'WardLayout'`),
    ).toBe(2);
  });
});

describe('admission to a bed, moves and discharge', () => {
  let p: Patient;
  it('records an admission and a move, audited, and refuses a taken bed with 409', async () => {
    p = await admitPatient(t.app, nurse.cookie, { name: 'Bed One' });
    const other = await admitPatient(t.app, nurse.cookie, { name: 'Bed Two' });
    const layout = await getLayout();
    const admit = await call(nurse, 'PUT', `/api/patients/${p.id}/bed`, { bedId: bedId(layout, 'A1') });
    expect(admit.statusCode).toBe(200);
    expect(BedMove.parse(admit.json())).toMatchObject({
      kind: 'admit',
      fromBed: null,
      toBed: 'A1',
      by: { id: nurse.user.id },
    });
    const taken = await call(nurse, 'PUT', `/api/patients/${other.id}/bed`, { bedId: bedId(layout, 'A1') });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Bed A1 is already occupied.');
    const move = await call(nurse, 'PUT', `/api/patients/${p.id}/bed`, { bedId: bedId(layout, 'A2') });
    expect(move.json()).toMatchObject({ kind: 'move', fromBed: 'A1', toBed: 'A2' });
    const history = (await call(nurse, 'GET', `/api/patients/${p.id}/bed-history`)).json() as BedMove[];
    expect(history.map((m) => m.kind)).toEqual(['move', 'admit']);
    expect(
      await count(
        sql`select count(*)::int as n from audit_events where entity_type = 'BedMove' and patient_id = ${p.id}`,
      ),
    ).toBe(2);
    expect(
      await count(sql`select count(*)::int as n from live_events where type = 'ward-changed'`),
    ).toBeGreaterThanOrEqual(4);
    const bad = await call(nurse, 'PUT', `/api/patients/${p.id}/bed`, { bedId: 'A2' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('bedId must be a number');
    expect((await call(auditor, 'PUT', `/api/patients/${p.id}/bed`, { bedId: 1 })).statusCode).toBe(403);
  });

  it('refuses to remove an occupied bed, naming the patient', async () => {
    const input = layoutInput(await getLayout());
    input.bays[0]!.beds = input.bays[0]!.beds.filter((b) => b.label !== 'A2');
    const res = await call(manager, 'PUT', '/api/ward/layout', input);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Bed A2 is occupied by ${displayPatientId(p.id)}; move the patient first.`,
    );
  });

  it('gives one of two patients sent to one bed at once the bed, and the other a 409', async () => {
    const [a, b] = [
      await admitPatient(t.app, nurse.cookie, { name: 'Race A' }),
      await admitPatient(t.app, nurse.cookie, { name: 'Race B' }),
    ];
    const target = bedId(await getLayout(), 'A3');
    const answers = await Promise.all(
      [a, b].map((x) => call(nurse, 'PUT', `/api/patients/${x.id}/bed`, { bedId: target })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const occupant = (await getLayout()).bays[0]!.beds.find((bed) => bed.label === 'A3')!.patientId;
    expect([a.id, b.id]).toContain(occupant);
  });

  it('discharges: the bed is free, the patient leaves the ward list, the record stays readable', async () => {
    const res = await call(nurse, 'POST', `/api/patients/${p.id}/discharge`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'discharge', fromBed: 'A2', toBed: null });
    const layout = await getLayout();
    expect(layout.bays[0]!.beds.find((bed) => bed.label === 'A2')!.patientId).toBeNull();
    const list = (await call(nurse, 'GET', '/api/patients')).json() as Patient[];
    expect(list.map((x) => x.id)).not.toContain(p.id);
    expect((await call(nurse, 'GET', `/api/patients/${p.id}`)).statusCode).toBe(200);
    const again = await call(nurse, 'POST', `/api/patients/${p.id}/discharge`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The patient has already been discharged.');
    expect(
      (await call(nurse, 'PUT', `/api/patients/${p.id}/bed`, { bedId: bedId(layout, 'A2') })).statusCode,
    ).toBe(409);
    expect((await call(nurse, 'POST', '/api/patients/999999/discharge')).statusCode).toBe(404);
  });

  it("resolves a discharged patient's open alerts", async () => {
    const unwell = await admitPatient(t.app, nurse.cookie, { name: 'Leaving Unwell' });
    await recordReadings(t.app, nurse, {
      patientId: unwell.id,
      readingTime: t.clock.now().toISOString(),
      respiratoryRate: 27,
      oxygenLevel: 90,
      heartRate: 125,
    });
    const open = async () =>
      ((await call(nurse, 'GET', `/api/alerts?patientId=${unwell.id}`)).json() as { state: string }[]).length;
    expect(await open()).toBe(1);
    expect((await call(nurse, 'POST', `/api/patients/${unwell.id}/discharge`)).statusCode).toBe(200);
    expect(await open()).toBe(0);
    const all = (await call(nurse, 'GET', `/api/alerts?patientId=${unwell.id}&state=all`)).json();
    expect(all).toEqual([expect.objectContaining({ state: 'resolved', resolution: 'patient discharged' })]);
  });
});

describe('shifts and assignment', () => {
  it('answers the default shifts and lets a ward manager change them, refusing a gap', async () => {
    const settings = WardSettings.parse((await call(nurse, 'GET', '/api/ward/settings')).json());
    expect(settings).toEqual({
      shifts: [
        { name: 'Day', start: '07:30', end: '19:30' },
        { name: 'Night', start: '19:30', end: '07:30' },
      ],
      handoverWindowMinutes: 60,
      timeZone: 'Europe/London',
    });
    const gap = { ...settings, shifts: [{ name: 'Day', start: '08:00', end: '19:30' }, settings.shifts[1]] };
    const refused = await call(manager, 'PUT', '/api/ward/settings', gap);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Night ends at 07:30 but Day starts at 08:00');
    expect((await call(nurse, 'PUT', '/api/ward/settings', settings)).statusCode).toBe(403);
    const changed = { ...settings, handoverWindowMinutes: 45 };
    expect((await call(manager, 'PUT', '/api/ward/settings', changed)).json()).toEqual(changed);
    expect((await call(manager, 'PUT', '/api/ward/settings', settings)).statusCode).toBe(200);
  });

  it('assigns by ward:assign only, for the current or next shift, to an active clinician', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Assigned One' });
    const staff = (await call(manager, 'GET', '/api/ward/staff')).json() as WardStaffMember[];
    expect(staff.map((s) => s.id)).toContain(nurse.user.id);
    expect(staff.map((s) => s.id)).not.toContain(auditor.user.id);
    expect((await call(nurse, 'GET', '/api/ward/staff')).statusCode).toBe(403);
    const current = Assignments.parse((await call(nurse, 'GET', '/api/ward/assignments')).json()).shift;
    expect(current.key).toBe('2026-03-02/day');
    const url = `/api/ward/assignments/${current.key}/${p.id}`;
    expect((await call(nurse, 'PUT', url, { nurseId: nurse.user.id })).statusCode).toBe(403);
    const res = await call(manager, 'PUT', url, { nurseId: nurse.user.id });
    expect(res.statusCode).toBe(200);
    expect(Assignments.parse(res.json()).assignments).toEqual([
      expect.objectContaining({ patientId: p.id, nurse: { id: nurse.user.id, name: nurse.user.username } }),
    ]);
    const next = Assignments.parse((await call(nurse, 'GET', '/api/ward/assignments?shift=next')).json());
    expect(next).toMatchObject({ shift: { key: '2026-03-02/night' }, assignments: [] });
    const old = await call(manager, 'PUT', `/api/ward/assignments/2026-03-01/day/${p.id}`, {
      nurseId: nurse.user.id,
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toContain('the current shift (2026-03-02/day) or the next (2026-03-02/night)');
    const notCaring = await call(manager, 'PUT', url, { nurseId: auditor.user.id });
    expect(notCaring.statusCode).toBe(400);
    expect(notCaring.json().message).toContain('not an active account that looks after patients');
    expect((await call(manager, 'PUT', url, { nurseId: 'Ada' })).json().message).toContain(
      'nurseId must be a number',
    );
    expect(
      await count(
        sql`select count(*)::int as n from audit_events where entity_type = 'Assignment' and patient_id = ${p.id}`,
      ),
    ).toBe(1);
  });
});

describe('the ward board', () => {
  it('shows beds with their nurse, the patients without a bed and the ward figures', async () => {
    const unwell = await admitPatient(t.app, nurse.cookie, { name: 'Board Unwell' });
    await recordReadings(t.app, nurse, {
      patientId: unwell.id,
      readingTime: t.clock.now().toISOString(),
      respiratoryRate: 27,
      oxygenLevel: 90,
      heartRate: 125,
    });
    const layout = await getLayout();
    await call(nurse, 'PUT', `/api/patients/${unwell.id}/bed`, { bedId: bedId(layout, 'B1') });
    await call(manager, 'PUT', `/api/ward/assignments/2026-03-02/day/${unwell.id}`, {
      nurseId: nurse.user.id,
    });
    const res = await call(nurse, 'GET', '/api/ward/board');
    expect(res.statusCode).toBe(200);
    const board = WardBoard.parse(res.json());
    const ward = (await call(nurse, 'GET', '/api/patients')).json() as Patient[];
    const beds = board.bays.flatMap((bay) => bay.beds);
    expect(beds.find((b) => b.label === 'B1')).toMatchObject({
      patientId: unwell.id,
      assignedNurse: { id: nurse.user.id, name: nurse.user.username },
    });
    const placed = beds.flatMap((b) => (b.patientId === null ? [] : [b.patientId]));
    expect(board.unplacedPatientIds.sort()).toEqual(
      ward
        .map((x) => x.id)
        .filter((id) => !placed.includes(id))
        .sort(),
    );
    expect(board.figures).toMatchObject({
      patients: ward.length,
      freeBeds: beds.filter((b) => b.patientId === null).length,
      openAlerts: 1,
      unacceptedHandovers: 0,
    });
    expect(board.figures.highestScores[0]).toEqual({ patientId: unwell.id, score: expect.any(Number) });
    expect(board.figures.highestScores[0]!.score).toBeGreaterThanOrEqual(7);
    expect((await call(auditor, 'GET', '/api/ward/board')).statusCode).toBe(403);
    expect(
      await count(
        sql`select count(*)::int as n from audit_events where entity_type = 'WardBoard' and action = 'read'`,
      ),
    ).toBe(1);
  });

  it('counts patients whose observations are overdue once the clock passes their due time', async () => {
    const before = WardBoard.parse((await call(nurse, 'GET', '/api/ward/board')).json()).figures
      .overdueObservations;
    t.clock.advance(13 * 3_600_000);
    const again = await signIn(t.app, nurse.user.username);
    const after = WardBoard.parse((await call(again, 'GET', '/api/ward/board')).json());
    expect(before).toBe(0);
    expect(after.figures.overdueObservations).toBe(after.figures.patients);
    expect(after.shift.key).toBe('2026-03-02/night');
  });

  it("carries each bed's NEWS2 trend over the last six hours, from the server's NEWS2 series", async () => {
    const rising = await admitPatient(t.app, (await signIn(t.app, nurse.user.username)).cookie, {
      name: 'Board Rising',
    });
    // Admitted eight hours ago: the admission's set is before the window too.
    t.clock.advance(8 * 3_600_000);
    const nurseNow = await signIn(t.app, nurse.user.username);
    const hoursAgo = (h: number) => new Date(t.clock.now().getTime() - h * 3_600_000).toISOString();
    await recordReadings(t.app, nurseNow, [
      // Before the window: left out, or the arrow would start at 3.
      { patientId: rising.id, readingTime: hoursAgo(7), respiratoryRate: 27 },
      { patientId: rising.id, readingTime: hoursAgo(5), respiratoryRate: 16, oxygenLevel: 97, heartRate: 75 },
      { patientId: rising.id, readingTime: hoursAgo(3), heartRate: 115 },
      // Scored with the window's SpO2 and pulse carried forward: 3 + 0 + 2.
      { patientId: rising.id, readingTime: hoursAgo(1), respiratoryRate: 27 },
    ]);
    await call(nurseNow, 'PUT', `/api/patients/${rising.id}/bed`, {
      bedId: bedId(await getLayout(nurseNow), 'A1'),
    });
    const board = WardBoard.parse((await call(nurseNow, 'GET', '/api/ward/board')).json());
    const bed = (label: string) => board.bays.flatMap((bay) => bay.beds).find((b) => b.label === label)!;
    expect(bed('A1').news2Trend).toEqual({ direction: 'rising', from: 0, to: 5 });
    // The same ends as the series the record's chart draws over that window.
    const since = encodeURIComponent(hoursAgo(6));
    const series = (
      await call(nurseNow, 'GET', `/api/patients/${rising.id}/news2-series?since=${since}`)
    ).json();
    expect([series[0].total, series.at(-1).total]).toEqual([0, 5]);
    // One scored reading is no trend; a free bed has none.
    expect(bed('B1')).toMatchObject({ patientId: expect.any(Number), news2Trend: null });
    expect(bed('B2')).toMatchObject({ patientId: null, news2Trend: null });
  });
});
