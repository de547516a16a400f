import { Handover, HandoverOverview, LiveEvent, type Patient, WardBoard } from '@vigil/domain';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, recordReadings, type Session, signIn, signUp, signUpAs } from './support/factories.ts';

let t: TestApp;
let admin: Session;
let outgoing: Session;
let incoming: Session;
let other: Session;
let manager: Session;
let auditor: Session;
let unwell: Patient;
let well: Patient;
let third: Patient;

const call = (who: Session, method: string, url: string, payload?: unknown) =>
  t.as(who, method, url, payload);
const count = (query: SQL) => t.count(query);
/** Everyone signs in again after the clock moves by hours (sessions idle out). */
const signInAll = async () => {
  const again = (s: Session) => signIn(t.app, s.user.username);
  [outgoing, incoming, other, manager, auditor] = await Promise.all([
    again(outgoing),
    again(incoming),
    again(other),
    again(manager),
    again(auditor),
  ]);
};
const overviewOf = async (who: Session) => {
  const res = await call(who, 'GET', '/api/handover');
  expect(res.statusCode).toBe(200);
  return HandoverOverview.parse(res.json());
};
const give = (who: Session, patientId: number, extra: Record<string, unknown> = {}) =>
  call(who, 'POST', '/api/handovers', {
    patientId,
    illnessSeverity: 'watcher',
    patientSummary: 'Day 2 after a fall; community-acquired pneumonia on IV antibiotics.',
    actions: ['Chase the chest X-ray report'],
    situation: 'If RR goes above 24, then call the outreach team.',
    ...extra,
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app);
  outgoing = await signUpAs(t.app, admin.cookie, 'nurse');
  incoming = await signUpAs(t.app, admin.cookie, 'nurse');
  other = await signUpAs(t.app, admin.cookie, 'nurse');
  manager = await signUpAs(t.app, admin.cookie, 'ward_manager');
  auditor = await signUpAs(t.app, admin.cookie, 'auditor');
  // 18:00 on the ward clock (London, GMT in March): late in the day shift, before the night's handover.
  t.clock.set(new Date('2026-03-02T18:00:00Z'));
  await signInAll();
  unwell = await admitPatient(t.app, outgoing.cookie, { name: 'Handover Unwell' });
  await recordReadings(t.app, outgoing, {
    patientId: unwell.id,
    readingTime: t.clock.now().toISOString(),
    respiratoryRate: 27,
    oxygenLevel: 90,
    heartRate: 125,
  });
  well = await admitPatient(t.app, outgoing.cookie, { name: 'Handover Well' });
  third = await admitPatient(t.app, outgoing.cookie, { name: 'Handover Third' });
  await call(outgoing, 'POST', `/api/patients/${well.id}/treatments`, {
    description: 'IV co-amoxiclav',
    scheduledFor: '2026-03-02T22:00:00Z',
  });
  await call(outgoing, 'POST', `/api/patients/${third.id}/treatments`, {
    description: 'Wound dressing',
    scheduledFor: '2026-03-02T17:00:00Z',
  });
  for (const p of [unwell, well, third]) {
    await call(manager, 'PUT', `/api/ward/assignments/2026-03-02/day/${p.id}`, { nurseId: outgoing.user.id });
    await call(manager, 'PUT', `/api/ward/assignments/2026-03-02/night/${p.id}`, {
      nurseId: incoming.user.id,
    });
  }
});
afterAll(() => t.close());

describe('the handover drafts', () => {
  it('pre-fills severity from NEWS2 and alerts, and actions from observations, alerts and treatments', async () => {
    const overview = await overviewOf(outgoing);
    expect(overview.shift).toMatchObject({
      key: '2026-03-02/night',
      handoverEndsAt: '2026-03-02T20:30:00.000Z',
    });
    const draft = (id: number) => overview.outgoing.find((d) => d.patientId === id)!;
    expect(overview.outgoing.map((d) => d.patientId).sort()).toEqual([unwell.id, well.id, third.id].sort());
    expect(draft(unwell.id).illnessSeverity).toBe('unstable');
    expect(draft(unwell.id).actions.map((a) => a.source)).toContain('alert');
    expect(draft(unwell.id).actions.find((a) => a.source === 'observation')!.text).toBe(
      'Observations due at 18:15',
    );
    expect(draft(well.id)).toMatchObject({ illnessSeverity: 'stable', patientSummary: '', situation: '' });
    expect(draft(well.id).actions).toEqual([
      { text: 'Observations due at 06:00 on 2026-03-03', source: 'observation' },
      { text: 'IV co-amoxiclav (due 22:00)', source: 'treatment' },
    ]);
    expect(draft(third.id).actions).toContainEqual({
      text: 'Wound dressing (overdue since 17:00)',
      source: 'treatment',
    });
  });

  it('gives a nurse without patients no drafts, and a nurse in charge without patients every patient', async () => {
    expect((await overviewOf(other)).outgoing).toEqual([]);
    expect((await overviewOf(manager)).outgoing.map((d) => d.patientId)).toEqual(
      expect.arrayContaining([unwell.id, well.id, third.id]),
    );
    expect((await call(auditor, 'GET', '/api/handover')).statusCode).toBe(403);
  });
});

describe('giving and accepting', () => {
  let given: Handover;
  it('gives a handover into the next shift, audited, once per patient while it awaits acceptance', async () => {
    const res = await give(outgoing, unwell.id, { illnessSeverity: 'unstable' });
    expect(res.statusCode).toBe(201);
    given = Handover.parse(res.json());
    expect(given).toMatchObject({
      shiftKey: '2026-03-02/night',
      status: 'given',
      illnessSeverity: 'unstable',
      givenBy: { id: outgoing.user.id, name: outgoing.user.username },
      toNurse: null,
      flagged: false,
    });
    // When it is flagged if not accepted: the end of the next shift's handover window, after now.
    expect(Date.parse(given.handoverEndsAt)).toBeGreaterThan(Date.parse(given.givenAt));
    const again = await give(outgoing, unwell.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'A handover for this patient into Night (2026-03-02/night) is already given and awaiting acceptance.',
    );
    const empty = await give(outgoing, well.id, { patientSummary: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Patient summary must not be empty');
    const badSeverity = await give(outgoing, well.id, { illnessSeverity: 'critical' });
    expect(badSeverity.json().message).toContain('illnessSeverity must be one of stable, watcher, unstable');
    expect((await overviewOf(outgoing)).outgoing.map((d) => d.patientId)).not.toContain(unwell.id);
    expect(
      await count(
        sql`select count(*)::int as n from audit_events where entity_type = 'Handover' and action = 'create'`,
      ),
    ).toBe(1);
  });

  it('shows it to the incoming nurse, not the one who gave it, and refuses the giver accepting', async () => {
    expect((await overviewOf(incoming)).incoming.map((h) => h.id)).toEqual([given.id]);
    expect((await overviewOf(other)).incoming).toEqual([]);
    const own = await call(outgoing, 'POST', `/api/handovers/${given.id}/accept`, { synthesis: 'Mine' });
    expect(own.statusCode).toBe(409);
    const noSynthesis = await call(incoming, 'POST', `/api/handovers/${given.id}/accept`, { synthesis: '' });
    expect(noSynthesis.statusCode).toBe(400);
    expect(noSynthesis.json().message).toContain('Synthesis must not be empty');
  });

  it('lets exactly one of two nurses accepting at once win, and tells the other who did', async () => {
    t.clock.advance(90 * 60_000); // 19:30, the night begins
    await signInAll();
    const answers = await Promise.all(
      // The incoming nurse and the nurse in charge (the ward manager): both may take it.
      [incoming, manager].map((who) =>
        call(who, 'POST', `/api/handovers/${given.id}/accept`, {
          synthesis: 'Unstable; outreach if RR > 24.',
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = Handover.parse(answers.find((r) => r.statusCode === 200)!.json());
    const loser = answers.find((r) => r.statusCode === 409)!.json();
    expect(winner).toMatchObject({
      status: 'accepted',
      synthesis: 'Unstable; outreach if RR > 24.',
      acceptedAt: '2026-03-02T19:30:00.000Z',
    });
    expect(loser.message).toBe(`Already accepted by ${winner.acceptedBy!.name} at 19:30.`);
    expect(
      await count(
        sql`select count(*)::int as n from audit_events where entity_type = 'Handover' and action = 'update'`,
      ),
    ).toBe(1);
    const events = await t.database.db.execute(
      sql`select id::float8 as id, type, patient_id as "patientId", data from live_events where type = 'handover-changed'`,
    );
    expect((events as unknown as { rows: unknown[] }).rows.map((r) => LiveEvent.parse(r))).toEqual([
      expect.objectContaining({ patientId: unwell.id, data: { handoverId: given.id } }),
      expect.objectContaining({ patientId: unwell.id, data: { handoverId: given.id } }),
    ]);
  });

  it('flags a handover not accepted when the handover window ends, on the board and to the nurse in charge', async () => {
    const res = await give(outgoing, well.id, { toNurseId: incoming.user.id });
    expect(res.statusCode).toBe(201);
    const pending = Handover.parse(res.json());
    expect(pending).toMatchObject({
      shiftKey: '2026-03-02/night',
      toNurse: { id: incoming.user.id },
      flagged: false,
    });
    const board = async () => WardBoard.parse((await call(manager, 'GET', '/api/ward/board')).json()).figures;
    expect(await board()).toMatchObject({ unacceptedHandovers: 1, flaggedHandovers: 0 });
    t.clock.set(new Date('2026-03-02T20:30:00Z'));
    await signInAll();
    expect(await board()).toMatchObject({ unacceptedHandovers: 1, flaggedHandovers: 1 });
    const history = (await call(incoming, 'GET', `/api/patients/${well.id}/handovers`)).json() as Handover[];
    expect(history.map((h) => [h.id, h.flagged])).toEqual([[pending.id, true]]);
    expect((await overviewOf(manager)).incoming.map((h) => h.id)).toEqual([pending.id]);
    expect((await overviewOf(incoming)).incoming.map((h) => [h.id, h.flagged])).toEqual([[pending.id, true]]);
  });

  it("keeps each patient's handovers, newest first, with their authors", async () => {
    // After the night's handover window the night nurse is the one handing over (into the next day).
    expect((await give(incoming, unwell.id, { patientSummary: 'Second summary' })).statusCode).toBe(201);
    const res = await call(other, 'GET', `/api/patients/${unwell.id}/handovers`);
    expect(res.statusCode).toBe(200);
    const history = (res.json() as unknown[]).map((h) => Handover.parse(h));
    expect(history.map((h) => [h.patientSummary, h.status])).toEqual([
      ['Second summary', 'given'],
      ['Day 2 after a fall; community-acquired pneumonia on IV antibiotics.', 'accepted'],
    ]);
    expect(history[1]!.acceptedBy).not.toBeNull();
    expect((await call(other, 'GET', '/api/patients/999999/handovers')).statusCode).toBe(404);
  });
});

describe('who gives and who accepts', () => {
  let patient: Patient;
  let unassigned: Patient;
  const accept = (who: Session, id: number) =>
    call(who, 'POST', `/api/handovers/${id}/accept`, { synthesis: 'Understood, call if NEWS2 5.' });
  beforeAll(async () => {
    // 18:00 the next day, before the night's handover: the day nurse hands over to the night nurse.
    t.clock.set(new Date('2026-03-03T18:00:00Z'));
    await signInAll();
    admin = await signIn(t.app, admin.user.username);
    patient = await admitPatient(t.app, outgoing.cookie, { name: 'Handover Rules' });
    unassigned = await admitPatient(t.app, outgoing.cookie, { name: 'Handover Unassigned' });
    for (const [shift, nurse] of [
      ['day', outgoing],
      ['night', incoming],
    ] as const) {
      const res = await call(manager, 'PUT', `/api/ward/assignments/2026-03-03/${shift}/${patient.id}`, {
        nurseId: nurse.user.id,
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it("refuses a give by a nurse not assigned to the patient in the outgoing shift; the nurse in charge gives any patient's", async () => {
    for (const who of [other, incoming]) {
      const res = await give(who, patient.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'NOT_OUTGOING_NURSE',
        message:
          "Only the nurse assigned to this patient for Day (2026-03-03/day), or the nurse in charge, gives this patient's handover.",
      });
    }
    // Nobody looked after this one: only the nurse in charge (here the ward manager) hands it over.
    expect((await give(other, unassigned.id)).statusCode).toBe(403);
    expect((await give(manager, unassigned.id)).statusCode).toBe(201);
    expect(
      await count(
        sql`select count(*)::int as n from handovers where patient_id = ${patient.id} and status = 'given'`,
      ),
    ).toBe(0);
  });

  it('lets only the addressee accept a handover addressed to them', async () => {
    const res = await give(outgoing, patient.id, { toNurseId: other.user.id });
    expect(res.statusCode).toBe(201);
    const addressed = Handover.parse(res.json());
    // The patient's night nurse and the nurse in charge alike: it names someone else.
    for (const who of [incoming, manager]) {
      const refused = await accept(who, addressed.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'NOT_HANDOVER_RECEIVER',
        message: `This handover is addressed to ${other.user.username}: only they can accept it.`,
      });
    }
    const taken = await accept(other, addressed.id);
    expect(taken.statusCode).toBe(200);
    expect(Handover.parse(taken.json()).acceptedBy).toMatchObject({ id: other.user.id });
  });

  it('lets the incoming nurse or the nurse in charge, and no one else, accept one addressed to nobody', async () => {
    const res = await give(outgoing, patient.id, { patientSummary: 'Given to the night, to nobody by name' });
    expect(res.statusCode).toBe(201);
    const toNobody = Handover.parse(res.json());
    const refused = await accept(other, toNobody.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'NOT_HANDOVER_RECEIVER',
      message:
        'Only the nurse assigned to this patient for Night (2026-03-03/night), or the nurse in charge, can accept this handover.',
    });
    expect((await accept(incoming, toNobody.id)).statusCode).toBe(200);
    // The unassigned patient's handover (given by the ward manager): another nurse in charge takes it.
    const [fromManager] = (
      await call(admin, 'GET', `/api/patients/${unassigned.id}/handovers`)
    ).json() as Handover[];
    expect((await accept(incoming, fromManager!.id)).statusCode).toBe(403);
    expect((await accept(admin, fromManager!.id)).statusCode).toBe(200);
  });
});
