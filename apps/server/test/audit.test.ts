import { type AuditEvent, type AuditVerification, RECORD_OPENING_WINDOW_MS } from '@vigil/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from './helpers.ts';
import { admitPatient, type Session, signIn, signUp, signUpAs } from './support/factories.ts';

/**
 * The audit trail: one row per audited action with the right fields, written in the same
 * transaction as a clinical write (a failed write leaves none), append-only in the database, hash
 * chained so that a row altered behind the database's back is found, and free of names and notes.
 */
let t: TestApp;
let admin: Session;
let nurse: Session;
let auditor: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app);
  nurse = await signUpAs(t.app, admin.cookie, 'nurse');
  auditor = await signUpAs(t.app, admin.cookie, 'auditor');
});
afterAll(() => t.close());

async function rows(): Promise<Record<string, unknown>[]> {
  const result = await t.database.db.execute(sql`select * from audit_events order by id`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}
const lastId = async () => Number((await rows()).at(-1)?.id ?? 0);
/** The rows written since `after`. */
const since = async (after: number) => (await rows()).filter((r) => Number(r.id) > after);

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), 'user-agent': 'vitest-agent/1.0' },
    ...(payload ? { payload } : {}),
  });

describe('what the trail records', () => {
  it('records a sign-in and a failed sign-in, one row each', async () => {
    let before = await lastId();
    await signIn(t.app, nurse.user.username);
    let written = await since(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      action: 'sign-in',
      user_id: nurse.user.id,
      username: nurse.user.username,
      role: 'nurse',
      outcome: 'success',
      entity_type: 'Session',
    });

    before = await lastId();
    const res = await inject('POST', '/api/login', undefined, {
      username: nurse.user.username,
      password: 'wrong one!',
    });
    expect(res.statusCode).toBe(401);
    written = await since(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      action: 'failed-sign-in',
      outcome: 'failure',
      user_id: nurse.user.id,
    });
    expect(written[0]!.user_agent).toBe('vitest-agent/1.0');
    expect(written[0]!.request_id).toEqual(expect.any(String));
    expect(written[0]!.address).toEqual(expect.any(String));
  });

  it('records the opening of a patient record, and an admission, with the patient id', async () => {
    let before = await lastId();
    const patient = await admitPatient(t.app, nurse.cookie);
    let written = await since(before);
    // The admission, and its set of observations (a reading in the history).
    expect(written).toHaveLength(2);
    expect(written[0]).toMatchObject({ action: 'create', entity_type: 'Patient', patient_id: patient.id });
    expect(written[1]).toMatchObject({
      action: 'create',
      entity_type: 'Observation',
      patient_id: patient.id,
    });

    before = await lastId();
    expect((await inject('GET', `/api/patients/${patient.id}`, nurse.cookie)).statusCode).toBe(200);
    written = await since(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      action: 'read',
      entity_type: 'Patient',
      entity_id: String(patient.id),
      patient_id: patient.id,
      user_id: nurse.user.id,
      role: 'nurse',
    });
  });

  it('records every read of patient data, once per person, patient, part of the record and window', async () => {
    const patient = await admitPatient(t.app, nurse.cookie);
    // Every GET route that needs patients:read, from the route table, but the event stream (its own
    // test) and those declared to carry no patient data.
    const reads = t.app.routeTable.filter(
      (r) =>
        r.method === 'GET' &&
        r.access?.kind === 'user' &&
        r.access.permission === 'patients:read' &&
        r.url !== '/api/events' &&
        (r.access as { reads?: unknown }).reads !== false,
    );
    expect(reads.length).toBeGreaterThanOrEqual(11);
    const unaudited: string[] = [];
    let answered = 0;
    // Two routes may send the same part (the readings page and the latest reading): one row for both.
    const partsRead = new Set<string>();
    for (const route of reads) {
      const url = route.url.replace(':id', String(patient.id));
      const before = await lastId();
      const res = await inject('GET', url, nurse.cookie);
      // A refusal (the vital-watch data of a patient without a watch) sends no patient data.
      if (res.statusCode !== 200) {
        expect(res.statusCode, url).toBeLessThan(500);
        continue;
      }
      answered++;
      const written = (await since(before)).filter((r) => r.action === 'read');
      const part = String((route.access as { reads?: unknown }).reads);
      if (partsRead.has(part)) {
        expect(written, url).toHaveLength(0);
        continue;
      }
      partsRead.add(part);
      if (written.length !== 1) {
        expect(written.length, url).toBeLessThanOrEqual(1);
        unaudited.push(route.url);
        continue;
      }
      expect(written[0]).toMatchObject({
        user_id: nurse.user.id,
        patient_id: route.url.includes(':id') ? patient.id : null,
      });
      // The screen refetches: the same read within the window is not a new row.
      const again = await lastId();
      expect((await inject('GET', url, nurse.cookie)).statusCode).toBe(200);
      expect(await since(again), url).toHaveLength(0);
    }
    console.log(`patient-data reads without an audit row: ${unaudited.length} of ${answered}`);
    expect(answered).toBeGreaterThanOrEqual(10);
    expect(unaudited).toEqual([]);
  });

  it('records the opening of a live-event stream (it carries every patient’s changes)', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = await lastId();
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events`, {
      headers: { cookie: nurse.cookie },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    controller.abort();
    const written = (await since(before)).filter((r) => r.action === 'read');
    expect(written).toMatchObject([{ entity_type: 'LiveEvents', user_id: nurse.user.id, patient_id: null }]);
  });

  it("records a person's opening of a record once per window, however often the screen refetches", async () => {
    const patient = await admitPatient(t.app, nurse.cookie);
    const openings = async () =>
      (await rows()).filter((r) => r.action === 'read' && r.patient_id === patient.id);
    const open = async (who: Session) =>
      expect((await inject('GET', `/api/patients/${patient.id}`, who.cookie)).statusCode).toBe(200);

    // Three refetches at once and one a minute later: one opening.
    await Promise.all([open(nurse), open(nurse), open(nurse)]);
    t.clock.advance(60_000);
    await open(nurse);
    expect(await openings()).toHaveLength(1);
    // Another person opening it is their own opening.
    await open(admin);
    expect((await openings()).map((r) => r.user_id)).toEqual([nurse.user.id, admin.user.id]);
    // Past the window, the nurse's next look is a new opening.
    t.clock.advance(RECORD_OPENING_WINDOW_MS);
    await open(nurse);
    expect((await openings()).map((r) => r.user_id)).toEqual([nurse.user.id, admin.user.id, nurse.user.id]);
    const verified = await inject('GET', '/api/audit-events/verify', auditor.cookie);
    expect((verified.json() as AuditVerification).ok).toBe(true);
  });

  it('records a note in the same transaction, and a failed write records nothing', async () => {
    const patient = await admitPatient(t.app, nurse.cookie);
    let before = await lastId();
    const res = await inject('POST', `/api/patients/${patient.id}/notes`, nurse.cookie, {
      content: 'Slept well',
    });
    expect(res.statusCode).toBe(201);
    const written = await since(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ action: 'create', entity_type: 'Note', patient_id: patient.id });

    // Refused writes: validation, unknown patient.
    before = await lastId();
    expect(
      (await inject('POST', `/api/patients/${patient.id}/notes`, nurse.cookie, { content: '' })).statusCode,
    ).toBe(400);
    expect(
      (await inject('POST', '/api/patients/999999/notes', nurse.cookie, { content: 'x' })).statusCode,
    ).toBe(404);
    expect(await since(before)).toHaveLength(0);
  });

  it('rolls the write back when its audit row cannot be written (one transaction)', async () => {
    const patient = await admitPatient(t.app, nurse.cookie);
    const db = t.database.db;
    await db.execute(sql`create function refuse_note_audit() returns trigger language plpgsql as $$
      begin if new.entity_type = 'Note' then raise exception 'audit refused for the test'; end if; return new; end $$`);
    await db.execute(sql`create trigger refuse_note_audit before insert on audit_events
      for each row execute function refuse_note_audit()`);
    try {
      const res = await inject('POST', `/api/patients/${patient.id}/notes`, nurse.cookie, {
        content: 'Never stored',
      });
      expect(res.statusCode).toBe(500);
      // A read that cannot be recorded is not sent either.
      const unrecorded = await inject('GET', `/api/patients/${patient.id}/notes`, nurse.cookie);
      expect(unrecorded.statusCode).toBe(500);
      expect(unrecorded.body).not.toContain('[');
    } finally {
      await db.execute(sql`drop trigger refuse_note_audit on audit_events`);
      await db.execute(sql`drop function refuse_note_audit()`);
    }
    const notes = await inject('GET', `/api/patients/${patient.id}/notes`, nurse.cookie);
    expect(notes.json()).toEqual([]);
  });

  it('records device-token issue and revoke, account changes and sign-out', async () => {
    const patient = await admitPatient(t.app, nurse.cookie);
    let before = await lastId();
    const issued = await inject('POST', '/api/device-tokens', nurse.cookie, {
      patientId: patient.id,
      label: 'Pulse oximeter',
      expiresInDays: 30,
    });
    expect(issued.statusCode).toBe(201);
    const revoked = await inject('DELETE', `/api/device-tokens/${issued.json().id}`, nurse.cookie);
    expect(revoked.statusCode).toBe(200);
    let written = await since(before);
    expect(written.map((r) => [r.action, r.entity_type, r.patient_id])).toEqual([
      ['create', 'DeviceToken', patient.id],
      ['delete', 'DeviceToken', patient.id],
    ]);

    const other = await signUp(t.app);
    before = await lastId();
    await inject('PATCH', `/api/accounts/${other.user.id}`, admin.cookie, { role: 'doctor' });
    await inject('POST', `/api/accounts/${other.user.id}/reset-password`, admin.cookie);
    written = await since(before);
    expect(written.map((r) => [r.action, r.entity_type, r.entity_id, r.detail, r.user_id])).toEqual([
      ['update', 'User', String(other.user.id), 'role Nurse → Doctor', admin.user.id],
      ['update', 'User', String(other.user.id), 'password reset', admin.user.id],
    ]);
    // The temporary password is not in the trail.
    expect(JSON.stringify(written)).not.toMatch(/temporary/i);

    const session = await signIn(t.app, nurse.user.username);
    before = await lastId();
    await inject('POST', '/api/logout', session.cookie);
    written = await since(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ action: 'sign-out', user_id: nurse.user.id });
  });

  it("records a person's observations once per patient, and a device's readings not at all", async () => {
    const [one, two] = [await admitPatient(t.app, nurse.cookie), await admitPatient(t.app, nurse.cookie)];
    const now = t.clock.now().getTime();
    const reading = (patientId: number, minutes: number) => ({
      patientId,
      readingTime: new Date(now - minutes * 60_000).toISOString(),
      heartRate: 80 + minutes,
    });
    let before = await lastId();
    const typed = await inject('POST', '/api/device-readings', nurse.cookie, [
      reading(one.id, 1),
      reading(one.id, 2),
      reading(two.id, 3),
    ] as unknown as object);
    expect(typed.statusCode, typed.body).toBe(201);
    const written = await since(before);
    expect(written.map((r) => [r.action, r.entity_type, r.patient_id, r.detail])).toEqual([
      ['create', 'Observation', one.id, '2 readings'],
      ['create', 'Observation', two.id, '1 reading'],
    ]);

    const issued = await inject('POST', '/api/device-tokens', nurse.cookie, {
      patientId: one.id,
      label: 'Monitor',
      expiresInDays: 1,
    });
    before = await lastId();
    const fromDevice = await t.app.inject({
      method: 'POST',
      url: '/api/device-readings',
      headers: { authorization: `Bearer ${issued.json().token}` },
      payload: { ...reading(one.id, 5), deviceId: 'monitor-1' },
    });
    expect(fromDevice.statusCode, fromDevice.body).toBe(201);
    expect(await since(before)).toHaveLength(0);

    // A refused batch (an unknown patient) stores nothing and records nothing.
    before = await lastId();
    const refused = await inject('POST', '/api/device-readings', nurse.cookie, [
      reading(one.id, 7),
      reading(999_999, 8),
    ] as unknown as object);
    expect(refused.statusCode).toBe(422);
    expect(await since(before)).toHaveLength(0);
  });

  it('records linking a device to a patient and unlinking it', async () => {
    const patient = await admitPatient(t.app, nurse.cookie);
    const before = await lastId();
    const linked = await inject('POST', '/api/device-links', nurse.cookie, {
      patientId: patient.id,
      deviceId: 'ble-audit',
      connectionType: 'Bluetooth',
    });
    expect(linked.statusCode).toBe(201);
    expect((await inject('DELETE', `/api/device-links/${linked.json().id}`, nurse.cookie)).statusCode).toBe(
      200,
    );
    const written = await since(before);
    expect(written.map((r) => [r.action, r.entity_type, r.entity_id, r.patient_id])).toEqual([
      ['create', 'DeviceLink', String(linked.json().id), patient.id],
      ['delete', 'DeviceLink', String(linked.json().id), patient.id],
    ]);
  });

  it('keeps patient names and note text out of the trail', async () => {
    const patient = await admitPatient(t.app, nurse.cookie, { name: 'Zebedee Quartermain' });
    await inject('GET', `/api/patients/${patient.id}`, nurse.cookie);
    await inject('PATCH', `/api/patients/${patient.id}`, nurse.cookie, {
      name: 'Zebedee Q. Quartermain',
      pulse: 91,
    });
    await inject('POST', `/api/patients/${patient.id}/notes`, nurse.cookie, {
      content: 'Confided xyzzy-secret',
    });
    const text = JSON.stringify(await rows());
    expect(text).not.toContain('Quartermain');
    expect(text).not.toContain('xyzzy-secret');
    expect(text).not.toContain(PASSWORD);
  });
});

describe('reading the trail', () => {
  it('filters by patient for "who has seen this record", for auditors only', async () => {
    const patient = await admitPatient(t.app, nurse.cookie);
    await inject('GET', `/api/patients/${patient.id}`, nurse.cookie);
    const res = await inject('GET', `/api/audit-events?patientId=${patient.id}&action=read`, auditor.cookie);
    expect(res.statusCode).toBe(200);
    const events = res.json() as AuditEvent[];
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ userId: nurse.user.id, username: nurse.user.username, action: 'read' });
    expect((await inject('GET', '/api/audit-events', nurse.cookie)).statusCode).toBe(403);
    const bad = await inject('GET', '/api/audit-events?action=peek', auditor.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/action/);
  });

  it('the audit trail\'s "User id" filter ignores a username (issue 40 item 9): it takes a name, any case, or an id', async () => {
    const patient = await admitPatient(t.app, nurse.cookie);
    await inject('GET', `/api/patients/${patient.id}`, nurse.cookie);
    const byName = async (user: string) =>
      (
        (
          await inject('GET', `/api/audit-events?user=${encodeURIComponent(user)}&limit=1000`, auditor.cookie)
        ).json() as AuditEvent[]
      ).map((e) => e.userId);
    const named = await byName(nurse.user.username.toUpperCase());
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([nurse.user.id]));
    expect(new Set(await byName(String(nurse.user.id)))).toEqual(new Set([nurse.user.id]));
    expect(await byName('nobody-by-that-name')).toEqual([]);
  });

  it('names the server\'s own actions: "system — alert timer", never "unknown" (issue 40 item 9)', async () => {
    const patient = await admitPatient(t.app, nurse.cookie);
    // NEWS2 ≥ 7 raises a high alert; nobody acknowledges it, and the timer escalates it at its deadline.
    await inject('POST', '/api/device-readings', nurse.cookie, {
      patientId: patient.id,
      readingTime: t.clock.now().toISOString(),
      respiratoryRate: 27,
      oxygenLevel: 90,
      heartRate: 125,
    });
    t.clock.advance(6 * 60_000);
    await t.app.services.alerts.tick();
    const res = await inject(
      'GET',
      `/api/audit-events?user=system&patientId=${patient.id}&limit=1000`,
      auditor.cookie,
    );
    const system = res.json() as AuditEvent[];
    expect(system.map((e) => e.username)).toContain('system — alert timer');
    expect(system.every((e) => e.userId === null && e.username?.startsWith('system — '))).toBe(true);
  });

  it('exports CSV to a POST only (no link can start one), and the export is itself audited', async () => {
    expect((await inject('GET', '/api/audit-events/export?action=sign-in', auditor.cookie)).statusCode).toBe(
      404,
    );
    const before = await lastId();
    const res = await inject('POST', '/api/audit-events/export', auditor.cookie, { action: 'sign-in' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,userId,username,role,action,entityType,entityId,patientId,outcome,detail,address,userAgent,requestId,hash',
    );
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toContain(',sign-in,');
    const written = await since(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      action: 'execute',
      entity_type: 'AuditExport',
      user_id: auditor.user.id,
    });
  });
});

describe('audit filters outside the database’s dates', () => {
  it.each([
    ['from=0000-01-01T00:00:00Z', 'from must be between the years 1900 and 2999'],
    ['to=9999-12-31T23:59:59-14:00', 'to must be between the years 1900 and 2999'],
    ['from=%2B275760-09-13T00:00:00.000Z', 'from must be a date and time, e.g. 2026-03-02T14:30:00Z'],
  ])('%s → 400 naming the field', async (query, message) => {
    const list = await inject('GET', `/api/audit-events?${query}`, auditor.cookie);
    expect(list.statusCode).toBe(400);
    expect(list.json()).toMatchObject({ error: message });
    const [field, value] = query.split('=') as [string, string];
    const exported = await inject('POST', '/api/audit-events/export', auditor.cookie, {
      [field]: decodeURIComponent(value),
    });
    expect(exported.statusCode).toBe(400);
    expect(exported.json()).toMatchObject({ error: message });
  });
});

describe('tamper evidence', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit rows', async () => {
    const db = t.database.db;
    await expect(db.execute(sql`update audit_events set detail = 'edited'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_events`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_events`)).rejects.toThrow();
    const result = await db.execute(sql`select count(*)::int as n from audit_events where detail = 'edited'`);
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('verifies an intact chain, and finds a row a superuser altered with the trigger disabled', async () => {
    let res = await inject('GET', '/api/audit-events/verify', auditor.cookie);
    let verdict = res.json() as AuditVerification;
    expect(verdict).toMatchObject({ ok: true, firstBroken: null });
    expect(verdict.checked).toBeGreaterThan(10);

    const all = await rows();
    const target = Number(all[Math.floor(all.length / 2)]!.id);
    const db = t.database.db;
    await db.execute(sql`alter table audit_events disable trigger audit_events_no_update_delete`);
    await db.execute(sql`update audit_events set user_id = null where id = ${target}`);
    await db.execute(sql`alter table audit_events enable trigger audit_events_no_update_delete`);

    res = await inject('GET', '/api/audit-events/verify', auditor.cookie);
    verdict = res.json() as AuditVerification;
    expect(verdict.ok).toBe(false);
    expect(verdict.firstBroken).toMatchObject({ id: target, reason: expect.stringMatching(/altered/) });
    expect(verdict.checked).toBe(all.findIndex((r) => Number(r.id) === target));
  });

  it('finds a removed row at the row after it', async () => {
    // A fresh trail of its own, so the previous test's alteration is not the first break.
    const other = await createTestApp();
    try {
      const a = await signUp(other.app);
      for (let i = 0; i < 3; i++) await signIn(other.app, a.user.username);
      const db = other.database.db;
      const list = (await db.execute(sql`select id from audit_events order by id`)) as unknown as {
        rows: { id: number }[];
      };
      const [, second, third] = list.rows.map((r) => Number(r.id));
      await db.execute(sql`alter table audit_events disable trigger audit_events_no_update_delete`);
      await db.execute(sql`delete from audit_events where id = ${second}`);
      await db.execute(sql`alter table audit_events enable trigger audit_events_no_update_delete`);
      const verdict = (
        await other.app.inject({
          method: 'GET',
          url: '/api/audit-events/verify',
          headers: { cookie: a.cookie },
        })
      ).json();
      expect(verdict).toMatchObject({
        ok: false,
        firstBroken: { id: third, reason: expect.stringMatching(/removed/) },
      });
    } finally {
      await other.close();
    }
  });
});
