import { Note, TimelineEntry, WardLayout } from '@vigil/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, recordReadings, type Session, signIn, signUp, signUpAs } from './support/factories.ts';

let t: TestApp;
let admin: Session;
let nurse: Session;
let incoming: Session;
const MIN = 60_000;

const call = (who: Session, method: string, url: string, payload?: unknown) =>
  t.as(who, method, url, payload);
const now = () => t.clock.now().toISOString();

async function timelineOf(who: Session, patientId: number): Promise<TimelineEntry[]> {
  const res = await call(who, 'GET', `/api/patients/${patientId}/timeline`);
  expect(res.statusCode, res.body).toBe(200);
  return z.array(TimelineEntry).parse(res.json());
}

/** Everyone signs in again after the clock moves (sessions idle out). */
async function signInAll() {
  admin = await signIn(t.app, admin.user.username);
  nurse = await signIn(t.app, nurse.user.username);
  incoming = await signIn(t.app, incoming.user.username);
}

/** RR 27, SpO2 90, pulse 125 with the rest of a well set: NEWS2 ≥ 7, an emergency (RCP Chart 4). */
const UNWELL = { respiratoryRate: 27, oxygenLevel: 90, heartRate: 125 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app); // the first account: the administrator, who may do everything
  nurse = await signUpAs(t.app, admin.cookie, 'nurse');
  incoming = await signUpAs(t.app, admin.cookie, 'nurse');
  // 18:00 on the ward's clock (London, GMT in March): late in the day shift, before the night's handover.
  t.clock.set(new Date('2026-03-02T18:00:00Z'));
  await signInAll();
});
beforeEach(signInAll);
afterAll(() => t.close());

describe('the timeline of a stay (issue 40 item 5)', () => {
  it('shows every event of the stay, newest first, each with who did it, and observation sets with their NEWS2', async () => {
    const layout = WardLayout.parse(
      (
        await call(admin, 'PUT', '/api/ward/layout', {
          bays: [{ name: 'Bay A', beds: [{ label: 'A1' }, { label: 'A2' }] }],
        })
      ).json(),
    );
    const bed = (label: string) => layout.bays[0]!.beds.find((b) => b.label === label)!.id;
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Timeline Walk' });
    expect((await call(nurse, 'PUT', `/api/patients/${p.id}/bed`, { bedId: bed('A1') })).statusCode).toBe(
      200,
    );

    // Observations that raise an emergency alert; acknowledged late, after its escalation.
    t.clock.advance(10 * MIN);
    await recordReadings(t.app, nurse, { patientId: p.id, readingTime: now(), ...UNWELL });
    const [alert] = (await call(admin, 'GET', `/api/alerts?state=all&patientId=${p.id}`)).json() as {
      id: number;
    }[];
    t.clock.advance(6 * MIN); // past the 5-minute deadline of a high alert
    await t.app.services.alerts.tick();
    await signInAll();
    const ack = await call(nurse, 'POST', `/api/alerts/${alert!.id}/acknowledge`, {
      note: 'Outreach called',
    });
    expect(ack.statusCode, ack.body).toBe(200);

    // A treatment given, a medication added and changed, a device linked, a note.
    t.clock.advance(MIN);
    const treatment = (
      await call(nurse, 'POST', `/api/patients/${p.id}/treatments`, {
        description: 'IV fluids 500 ml',
        scheduledFor: now(),
      })
    ).json() as { id: number };
    await call(nurse, 'PATCH', `/api/treatments/${treatment.id}`, { completed: true });
    const medication = (
      await call(nurse, 'POST', `/api/patients/${p.id}/medications`, {
        name: 'Amoxicillin',
        dosage: '500 mg',
        frequency: 'three times a day',
        nextDose: now(),
      })
    ).json() as { id: number };
    t.clock.advance(MIN);
    await call(nurse, 'PATCH', `/api/medications/${medication.id}`, { dosage: '250 mg' });
    const link = await call(nurse, 'POST', '/api/device-links', {
      patientId: p.id,
      deviceId: 'timeline-oximeter',
      deviceName: 'Pulse Oximeter PO-3',
      connectionType: 'Bluetooth',
    });
    expect(link.statusCode, link.body).toBe(201);
    await call(nurse, 'POST', `/api/patients/${p.id}/notes`, { content: 'Drowsy, family informed.' });

    // Better observations; the handover into the night, accepted; a move; discharge.
    t.clock.advance(30 * MIN);
    await signInAll();
    await recordReadings(t.app, nurse, {
      patientId: p.id,
      readingTime: now(),
      respiratoryRate: 18,
      oxygenLevel: 96,
      heartRate: 88,
    });
    await call(admin, 'PUT', `/api/ward/assignments/2026-03-02/day/${p.id}`, { nurseId: nurse.user.id });
    await call(admin, 'PUT', `/api/ward/assignments/2026-03-02/night/${p.id}`, { nurseId: incoming.user.id });
    const handover = await call(nurse, 'POST', '/api/handovers', {
      patientId: p.id,
      illnessSeverity: 'watcher',
      patientSummary: 'Sepsis on IV antibiotics, improving.',
      actions: ['Repeat lactate at 22:00'],
      situation: 'If RR goes above 24, call outreach.',
    });
    expect(handover.statusCode, handover.body).toBe(201);
    t.clock.advance(60 * MIN); // 19:49, the night has begun
    await signInAll();
    const accepted = await call(
      incoming,
      'POST',
      `/api/handovers/${(handover.json() as { id: number }).id}/accept`,
      {
        synthesis: 'Watcher; lactate at 22:00.',
      },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    t.clock.advance(MIN);
    await call(incoming, 'PUT', `/api/patients/${p.id}/bed`, { bedId: bed('A2') });
    t.clock.advance(MIN);
    expect((await call(incoming, 'POST', `/api/patients/${p.id}/discharge`)).statusCode).toBe(200);

    const timeline = await timelineOf(nurse, p.id);
    // Newest first.
    const dates = timeline.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const types = timeline.map((e) => e.type).reverse();
    // Oldest first, for reading: each event of the walk in the order it happened.
    expect(types).toEqual([
      'admitted',
      'observations',
      'bed-assigned',
      'observations',
      'alert-raised',
      // NEWS2 8 asks for continuous monitoring: nothing more was recorded, so observations are overdue.
      'alert-raised',
      'alert-escalated',
      'alert-acknowledged',
      'treatment-completed',
      'medication-added',
      'device-linked',
      'note',
      'medication-changed',
      'observations',
      'alert-resolved',
      'handover-given',
      'handover-accepted',
      'bed-moved',
      'alert-resolved',
      'discharged',
    ]);
    const one = (type: TimelineEntry['type'], n = 0) => timeline.filter((e) => e.type === type).reverse()[n]!;
    expect(one('observations', 0)).toMatchObject({
      category: 'observations',
      by: nurse.user.username,
      news2: { total: 0, band: 'low', complete: true },
    });
    expect(one('observations', 1).news2).toMatchObject({ band: 'high' });
    expect(one('observations', 1).description).toBe(
      `Recorded respiratory rate 27/min, SpO2 90%, pulse 125 bpm by ${nurse.user.username}.`,
    );
    expect(one('alert-raised')).toMatchObject({
      category: 'alerts',
      title: 'High priority alert raised: NEWS2 emergency (7 or more)',
    });
    expect(one('alert-escalated').title).toBe('Escalated to ward manager');
    expect(one('alert-acknowledged')).toMatchObject({
      title: `Alert acknowledged by ${nurse.user.username}`,
      by: nurse.user.username,
    });
    expect(one('alert-acknowledged').description).toContain('“Outreach called”');
    expect(one('treatment-completed')).toMatchObject({
      title: 'Treatment given',
      description: 'IV fluids 500 ml',
      by: nurse.user.username,
    });
    expect(one('medication-changed').description).toBe('Dosage 500 mg → 250 mg.');
    // Added as it was then, not as it is now.
    expect(one('medication-added').description).toBe('Amoxicillin 500 mg, three times a day.');
    expect(one('alert-resolved', 1).description).toBe('patient discharged');
    expect(one('device-linked').title).toBe('Device linked: Pulse Oximeter PO-3');
    expect(one('note')).toMatchObject({ description: 'Drowsy, family informed.', by: nurse.user.username });
    expect(one('handover-given')).toMatchObject({ category: 'handovers', by: nurse.user.username });
    expect(one('handover-accepted')).toMatchObject({
      by: incoming.user.username,
      description: 'Synthesis: Watcher; lactate at 22:00.',
    });
    expect(one('bed-moved').description).toBe('From bed A1 to bed A2.');
    expect(one('discharged')).toMatchObject({ category: 'stay', description: 'Discharged from bed A2.' });
  });

  it('marks an observation set entered in error with who corrected it, scores its correction, never the wrong set', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Timeline Correction' });
    t.clock.advance(MIN);
    const wrong = (await recordReadings(t.app, nurse, { patientId: p.id, readingTime: now(), ...UNWELL }))
      .readings[0]!.id;
    const res = await call(admin, 'POST', `/api/patients/${p.id}/readings/${wrong}/entered-in-error`, {
      reason: 'recorded on the wrong patient',
      correction: { respiratoryRate: 16, oxygenLevel: 97, heartRate: 80 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const timeline = await timelineOf(nurse, p.id);
    const marked = timeline.find((e) => e.type === 'observations-entered-in-error')!;
    expect(marked).toMatchObject({
      title: 'Observations entered in error',
      news2: null,
      correction: { byName: admin.user.username, reason: 'recorded on the wrong patient' },
    });
    expect(marked.description).toContain(
      `Marked entered in error by ${admin.user.username}: recorded on the wrong patient.`,
    );
    const correction = timeline.find((e) => e.title === 'Observations (correction)')!;
    expect(correction.news2).toMatchObject({ total: 0, band: 'low' });
  });

  it('records a medication removed, and a vitals edit once, as its observation set', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Timeline Edits' });
    const medication = (
      await call(nurse, 'POST', `/api/patients/${p.id}/medications`, {
        name: 'Paracetamol',
        dosage: '1 g',
        frequency: 'four times a day',
        nextDose: now(),
      })
    ).json() as { id: number };
    t.clock.advance(MIN);
    expect((await call(nurse, 'DELETE', `/api/medications/${medication.id}`)).statusCode).toBe(204);
    t.clock.advance(MIN);
    await call(nurse, 'PATCH', `/api/patients/${p.id}`, { pulse: 128 });
    const timeline = await timelineOf(nurse, p.id);
    expect(timeline.find((e) => e.type === 'medication-removed')).toMatchObject({
      title: 'Medication removed: Paracetamol',
      by: nurse.user.username,
    });
    expect(timeline.filter((e) => e.type === 'vitals-updated')).toEqual([]);
    // The newest observation set (its NEWS2 2 raised an alert at the same moment, listed above it).
    expect(timeline.find((e) => e.type === 'observations')).toMatchObject({
      description: `Recorded pulse 128 bpm by ${nurse.user.username}.`,
    });
  });
});

describe('SpO2 scale changes on the timeline (issue 39)', () => {
  it('shows each change of scale with who made it, and scores each set on the scale in force then', async () => {
    // SpO2 90 % on air: 3 points on scale 1, none on scale 2.
    const p = await admitPatient(t.app, nurse.cookie, {
      name: 'Timeline Scale',
      spo2Scale: 1,
      oxygenLevel: 90,
      onSupplementalOxygen: false,
    });
    t.clock.advance(MIN);
    const toTwo = await call(nurse, 'PATCH', `/api/patients/${p.id}`, {
      spo2Scale: 2,
      condition: 'Improving',
    });
    expect(toTwo.statusCode, toTwo.body).toBe(200);
    t.clock.advance(MIN);
    await recordReadings(t.app, nurse, {
      patientId: p.id,
      readingTime: now(),
      oxygenLevel: 90,
      onSupplementalOxygen: false,
    });
    t.clock.advance(MIN);
    const toOne = await call(admin, 'PATCH', `/api/patients/${p.id}`, { spo2Scale: 1 });
    expect(toOne.statusCode, toOne.body).toBe(200);

    const timeline = await timelineOf(nurse, p.id);
    const stay = timeline.filter((e) =>
      ['spo2-scale-changed', 'condition-changed', 'observations', 'admitted'].includes(e.type),
    );
    expect(stay.map((e) => [e.type, e.title, e.description, e.by, e.news2?.total ?? null])).toEqual([
      [
        'spo2-scale-changed',
        'SpO2 scale 1 in force',
        'NEWS2 scores SpO2 on scale 1 from now (was scale 2).',
        admin.user.username,
        null,
      ],
      [
        'observations',
        'Observations',
        `Recorded SpO2 90%, on room air by ${nurse.user.username}.`,
        nurse.user.username,
        0,
      ],
      [
        'spo2-scale-changed',
        'SpO2 scale 2 in force',
        'NEWS2 scores SpO2 on scale 2 from now (was scale 1).',
        nurse.user.username,
        null,
      ],
      [
        'condition-changed',
        'Condition changed to Improving',
        `Condition changed from Stable to Improving by ${nurse.user.username}.`,
        nurse.user.username,
        null,
      ],
      // The admission's set, scored on scale 1 (in force when it was measured): SpO2 90 % is 3.
      ['observations', 'Observations', expect.any(String), nurse.user.username, 3],
      ['admitted', 'Admitted', expect.any(String), nurse.user.username, null],
    ]);
  });
});

describe('note authors (issue 40 item 6)', () => {
  it('answers each note with who wrote it, as written and as listed', async () => {
    const p = await admitPatient(t.app, nurse.cookie, { name: 'Note Author' });
    const created = await call(nurse, 'POST', `/api/patients/${p.id}/notes`, { content: 'Ate well.' });
    expect(Note.parse(created.json())).toMatchObject({ createdByName: nurse.user.username });
    await call(incoming, 'POST', `/api/patients/${p.id}/notes`, { content: 'Slept through.' });
    const list = z.array(Note).parse((await call(nurse, 'GET', `/api/patients/${p.id}/notes`)).json());
    expect(list.map((n) => [n.content, n.createdByName])).toEqual([
      ['Slept through.', incoming.user.username],
      ['Ate well.', nurse.user.username],
    ]);
  });
});
