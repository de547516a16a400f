import { DEVICE_FIELDS_READ_ONLY_MESSAGE } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, type PatientOverrides, signUp, WELL_PATIENT } from './support/factories.ts';

let t: TestApp;
let cookie: string;
let userId: number;
let username: string;
beforeAll(async () => {
  t = await createTestApp();
  const s = await signUp(t.app);
  cookie = s.cookie;
  userId = s.user.id;
  username = s.user.username;
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const admit = (overrides?: PatientOverrides) => admitPatient(t.app, cookie, overrides);

describe('patients', () => {
  it('admits a patient with the spec defaults and records the admission', async () => {
    const p = await admit({
      name: 'Pat Example',
      respiratoryRate: 16,
      consciousness: 'A',
      onSupplementalOxygen: false,
    });
    expect(p).toMatchObject({
      name: 'Pat Example',
      hasVitalWatch: false,
      vitalWatchType: null,
      vitalWatchConnected: false,
      spo2Scale: 1,
      respiratoryRate: 16,
      lastUpdated: t.clock.now().toISOString(),
    });
    const timeline = (await req('GET', `/api/patients/${p.id}/timeline`)).json();
    // The admission, and its vitals as the first observation set (newest first).
    expect(timeline).toEqual([
      expect.objectContaining({
        type: 'observations',
        by: username,
        news2: expect.objectContaining({ total: 0 }),
      }),
      expect.objectContaining({ type: 'admitted', title: 'Admitted', by: username }),
    ]);
  });

  it('lists Critical first, then oxygen level descending, with condition and name filters', async () => {
    const a = await admit({ name: 'Order Alpha', condition: 'Stable', oxygenLevel: 99 });
    const b = await admit({ name: 'Order Beta', condition: 'Critical', oxygenLevel: 88 });
    const c = await admit({ name: 'Order Gamma', condition: 'Improving', oxygenLevel: 94 });
    const d = await admit({ name: 'Order Delta', condition: 'Critical', oxygenLevel: 91 });
    const list = (await req('GET', '/api/patients?search=order')).json() as { id: number }[];
    expect(list.map((p) => p.id)).toEqual([d.id, b.id, a.id, c.id]);
    const critical = (await req('GET', '/api/patients?condition=Critical&search=Order')).json() as {
      id: number;
    }[];
    expect(critical.map((p) => p.id)).toEqual([d.id, b.id]);
    const all = (await req('GET', '/api/patients')).json() as { condition: string; oxygenLevel: number }[];
    const firstNonCritical = all.findIndex((p) => p.condition !== 'Critical');
    expect(all.slice(firstNonCritical).every((p) => p.condition !== 'Critical')).toBe(true);
    // A search for LIKE wildcards matches them literally.
    expect((await req('GET', '/api/patients?search=%25')).json()).toEqual([]);
  });

  it.each([
    [{ condition: 'Sleepy' }, 'Condition must be one of Critical, Improving, Stable, Recovering'],
    [{ name: '   ' }, 'Name must not be empty'],
    [{ pulse: 0 }, 'Heart rate must be within 20–300 beats/min; re-measure or correct the entry'],
    [{ oxygenLevel: 'ninety' }, 'Oxygen level (SpO2) must be a number: 50–100 %'],
    [
      { systolicBP: 80, diastolicBP: 90 },
      'Diastolic blood pressure must be lower than systolic; check that the two values are not swapped',
    ],
    [
      { temperature: 37 },
      'Temperature must be within 860–1130 tenths of °F, i.e. 86.0–113.0 °F (986 = 98.6 °F); re-measure or correct the entry',
    ],
  ])('refuses an implausible admission %j and stores nothing', async (over, message) => {
    const before = (await req('GET', '/api/patients')).json().length;
    const res = await req('POST', '/api/patients', { ...WELL_PATIENT, name: 'Bad Data', ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect((await req('GET', '/api/patients')).json().length).toBe(before);
  });

  it('answers 404 for an unknown patient on every per-patient route', async () => {
    for (const path of [
      '',
      '/treatments',
      '/notes',
      '/medications',
      '/emergency-contacts',
      '/timeline',
      '/analysis',
    ]) {
      const res = await req('GET', `/api/patients/999999${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error, path).toBe('Patient not found');
    }
    expect((await req('PATCH', '/api/patients/999999', { condition: 'Stable' })).statusCode).toBe(404);
  });

  it('changes condition and vitals, records both in the timeline, and keeps BP order against stored values', async () => {
    const p = await admit();
    t.clock.advance(60_000);
    const res = await req('PATCH', `/api/patients/${p.id}`, { condition: 'Critical', pulse: 128 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      condition: 'Critical',
      pulse: 128,
      lastUpdated: t.clock.now().toISOString(),
    });
    const bad = await req('PATCH', `/api/patients/${p.id}`, { diastolicBP: 125 });
    expect(bad.statusCode).toBe(400);
    expect((await req('GET', `/api/patients/${p.id}`)).json().diastolicBP).toBe(80);
    expect((await req('PATCH', `/api/patients/${p.id}`, {})).json().error).toBe(
      'Send at least one field to change',
    );
    const timeline = (await req('GET', `/api/patients/${p.id}/timeline`)).json() as {
      type: string;
      title: string;
      description: string;
    }[];
    expect(timeline.map((e) => e.type)).toEqual(
      expect.arrayContaining(['condition-changed', 'observations', 'admitted']),
    );
    expect(timeline.find((e) => e.type === 'condition-changed')?.description).toBe(
      `Condition changed from Stable to Critical by ${username}.`,
    );
    // The edit's vitals are its observation set (decision 029), said once, with who recorded them.
    expect(timeline.find((e) => e.type === 'observations')?.description).toBe(
      `Recorded pulse 128 bpm by ${username}.`,
    );
  });

  it('refuses the vital-watch fields: they follow the device links, and nothing is changed', async () => {
    const p = await admit();
    for (const body of [
      { hasVitalWatch: true, vitalWatchType: 'Polar H10', vitalWatchConnected: true },
      { vitalWatchConnected: false },
      { name: 'Renamed', hasVitalWatch: true },
    ]) {
      const res = await req('PATCH', `/api/patients/${p.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(DEVICE_FIELDS_READ_ONLY_MESSAGE);
    }
    const after = (await req('GET', `/api/patients/${p.id}`)).json();
    expect(after).toMatchObject({ name: p.name, hasVitalWatch: false, vitalWatchType: null, devices: [] });
  });
});

describe('treatments', () => {
  it('schedules, orders by time, and toggles completion both ways', async () => {
    const p = await admit();
    const later = await req('POST', `/api/patients/${p.id}/treatments`, {
      description: 'Dressing change',
      scheduledFor: '2026-03-02T12:00:00Z',
    });
    const sooner = await req('POST', `/api/patients/${p.id}/treatments`, {
      description: 'IV antibiotics',
      scheduledFor: '2026-03-02T09:00:00Z',
    });
    expect(later.statusCode).toBe(201);
    expect(sooner.json()).toMatchObject({ completed: false, createdBy: userId });
    const list = (await req('GET', `/api/patients/${p.id}/treatments`)).json() as { id: number }[];
    expect(list.map((x) => x.id)).toEqual([sooner.json().id, later.json().id]);

    const done = await req('PATCH', `/api/treatments/${sooner.json().id}`, { completed: true });
    expect(done.json().completed).toBe(true);
    const timeline = (await req('GET', `/api/patients/${p.id}/timeline`)).json() as {
      type: string;
      description: string;
    }[];
    expect(timeline.find((e) => e.type === 'treatment-completed')?.description).toBe('IV antibiotics');
    const undone = await req('PATCH', `/api/treatments/${sooner.json().id}`, { completed: false });
    expect(undone.json().completed).toBe(false);
  });

  it('rejects bad input and unknown treatments', async () => {
    const p = await admit();
    const bad = await req('POST', `/api/patients/${p.id}/treatments`, {
      description: 'X',
      scheduledFor: 'tomorrow',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('scheduledFor must be a date and time, e.g. 2026-03-02T14:30:00Z');
    expect((await req('PATCH', '/api/treatments/999999', { completed: true })).statusCode).toBe(404);
    expect((await req('PATCH', '/api/treatments/1', { completed: 'yes' })).json().error).toBe(
      'completed must be true or false',
    );
  });
});

describe('notes', () => {
  it('saves trimmed notes, newest first, with the author', async () => {
    const p = await admit();
    await req('POST', `/api/patients/${p.id}/notes`, { patientId: p.id, content: 'First note' });
    t.clock.advance(1000);
    const second = await req('POST', `/api/patients/${p.id}/notes`, { content: '  Second note  ' });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ content: 'Second note', createdBy: userId, patientId: p.id });
    const list = (await req('GET', `/api/patients/${p.id}/notes`)).json() as { content: string }[];
    expect(list.map((n) => n.content)).toEqual(['Second note', 'First note']);
  });

  it.each([
    [{ content: '   ' }, 400, 'Note must not be empty'],
    [{ content: 'x'.repeat(5001) }, 400, 'Note must be at most 5,000 characters'],
    [{}, 400, 'Note is required'],
  ])('rejects %# and stores nothing', async (payload, status, message) => {
    const p = await admit();
    const res = await req('POST', `/api/patients/${p.id}/notes`, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(message);
    expect((await req('GET', `/api/patients/${p.id}/notes`)).json()).toEqual([]);
  });

  it('accepts exactly 5,000 characters', async () => {
    const p = await admit();
    expect((await req('POST', `/api/patients/${p.id}/notes`, { content: 'y'.repeat(5000) })).statusCode).toBe(
      201,
    );
  });

  it('refuses a note whose patientId does not match the path', async () => {
    const p = await admit();
    const other = await admit();
    const res = await req('POST', `/api/patients/${p.id}/notes`, {
      patientId: other.id,
      content: 'Wrong chart',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PATIENT_MISMATCH' });
    expect((await req('GET', `/api/patients/${other.id}/notes`)).json()).toEqual([]);
    expect((await req('GET', `/api/patients/${p.id}/notes`)).json()).toEqual([]);
  });
});

describe('medications and emergency contacts', () => {
  it('adds, toggles the alert (persisted), edits and deletes a medication', async () => {
    const p = await admit();
    const created = await req('POST', `/api/patients/${p.id}/medications`, {
      name: 'Paracetamol',
      dosage: '1 g',
      frequency: 'Every 6 hours',
      nextDose: '2026-03-02T10:00:00Z',
    });
    expect(created.statusCode).toBe(201);
    const med = created.json();
    expect(med).toMatchObject({
      alertEnabled: true,
      createdBy: userId,
      instructions: null,
      adherenceRate: null,
    });
    const off = await req('PATCH', `/api/medications/${med.id}`, { alertEnabled: false });
    expect(off.json().alertEnabled).toBe(false);
    expect((await req('GET', `/api/patients/${p.id}/medications`)).json()[0].alertEnabled).toBe(false);
    const bad = await req('PATCH', `/api/medications/${med.id}`, { endDate: '2020-01-01T00:00:00Z' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('End date must not be before the start date');
    expect((await req('DELETE', `/api/medications/${med.id}`)).statusCode).toBe(204);
    expect((await req('DELETE', `/api/medications/${med.id}`)).statusCode).toBe(404);
    expect((await req('GET', `/api/patients/${p.id}/medications`)).json()).toEqual([]);
  });

  it('rejects a medication without a dose time', async () => {
    const p = await admit();
    const res = await req('POST', `/api/patients/${p.id}/medications`, {
      name: 'X',
      dosage: '1',
      frequency: 'daily',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('nextDose must be a date and time, e.g. 2026-03-02T14:30:00Z');
  });

  it('adds and deletes emergency contacts, validating the phone number', async () => {
    const p = await admit();
    const bad = await req('POST', `/api/patients/${p.id}/emergency-contacts`, {
      name: 'Anne',
      relationship: 'Daughter',
      phone: 'call me',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Phone must be a telephone number, e.g. +44 20 7946 0000');
    const ok = await req('POST', `/api/patients/${p.id}/emergency-contacts`, {
      name: 'Anne Example',
      relationship: 'Daughter',
      phone: '+44 20 7946 0123',
    });
    expect(ok.statusCode).toBe(201);
    expect((await req('GET', `/api/patients/${p.id}/emergency-contacts`)).json()).toEqual([ok.json()]);
    expect((await req('DELETE', `/api/emergency-contacts/${ok.json().id}`)).statusCode).toBe(204);
    expect((await req('GET', `/api/patients/${p.id}/emergency-contacts`)).json()).toEqual([]);
  });
});
