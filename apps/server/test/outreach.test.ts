import { type Alert, OutreachPatient, type Patient, Ward, WardLayout } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, recordReadings, type Session, signIn, signUp, signUpAs } from './support/factories.ts';

/**
 * The outreach list from memory (issue 43, decision 035): rendered once with its ETag (304 while
 * nothing it shows changed), and the new list at once after each change that shows on it.
 */
const MIN = 60_000;
/** NEWS2 6 (RR 24 → 2, SpO2 93 → 2, pulse 112 → 2; RCP NEWS2 chart): urgent. */
const URGENT = { respiratoryRate: 24, oxygenLevel: 93, heartRate: 112 };
/** The well admission's values (factories.ts WELL_PATIENT): NEWS2 0. */
const WELL = { respiratoryRate: 16, oxygenLevel: 97, heartRate: 80 };
/** URGENT as an admission names it (`pulse`). */
const URGENT_ADMISSION = { respiratoryRate: 24, oxygenLevel: 93, pulse: 112 };

let t: TestApp;
let admin: Session;
let wardB: Ward;
const people: Record<string, Session> = {};
const call = (who: Session, method: string, u: string, payload?: unknown) => t.as(who, method, u, payload);

/** The outreach list as the outreach team reads it (signed in again: the clock moves past idle expiry). */
async function outreachList(etag?: string) {
  const who = await signIn(t.app, people.outreach!.user.username);
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/outreach/patients',
    headers: { cookie: who.cookie, ...(etag ? { 'if-none-match': etag } : {}) },
  });
  return {
    status: res.statusCode,
    etag: res.headers.etag as string,
    list: res.statusCode === 200 ? OutreachPatient.array().parse(res.json()) : [],
  };
}
const entryOf = (list: OutreachPatient[], id: number) => list.find((e) => e.patientId === id);
const reading = (patientId: number, values: Record<string, number>) => ({
  patientId,
  readingTime: t.clock.now().toISOString(),
  ...values,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app);
  wardB = Ward.parse((await call(admin, 'POST', '/api/wards', { name: 'Ward 9', code: 'W9' })).json());
  for (const [name, role, wards] of [
    ['nurseA', 'nurse', [1]],
    ['nurseB', 'nurse', [wardB.id]],
    ['managerA', 'ward_manager', [1]],
  ] as const) {
    people[name] = await signUpAs(t.app, admin.cookie, role);
    const res = await call(admin, 'PUT', `/api/accounts/${people[name]!.user.id}/wards`, { wardIds: wards });
    expect(res.statusCode).toBe(200);
  }
  people.outreach = await signUpAs(t.app, admin.cookie, 'outreach');
  const res = await call(people.managerA!, 'PUT', '/api/ward/layout?ward=1', {
    bays: [{ name: 'Bay', beds: [{ label: 'C1' }, { label: 'C2' }] }],
  });
  expect(res.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('the outreach list, from memory', () => {
  it('answers 304 while nothing changed, and shows each change at once', async () => {
    const nurseA = () => signIn(t.app, people.nurseA!.user.username);
    const w = await admitPatient(t.app, (await signIn(t.app, people.nurseA!.user.username)).cookie, {
      name: 'Will Worsen',
    });
    let answer = await outreachList();
    expect(answer.status).toBe(200);
    expect(answer.etag).toMatch(/^"/);
    expect(entryOf(answer.list, w.id)).toBeUndefined();
    expect((await outreachList(answer.etag)).status).toBe(304);

    // Becoming at risk: a reading of NEWS2 6.
    await recordReadings(t.app, await nurseA(), reading(w.id, URGENT));
    let next = await outreachList(answer.etag);
    expect(next.status).toBe(200);
    expect(next.etag).not.toBe(answer.etag);
    expect(entryOf(next.list, w.id)).toMatchObject({
      ward: { id: 1 },
      bed: null,
      news2: { total: 6, trend: { from: 0, to: 6, direction: 'rising' } },
      reasons: ['news2-5-or-more', 'rising'],
      alert: { condition: 'news2-urgent', state: 'active', escalatedTo: null },
    });
    answer = next;
    expect((await outreachList(answer.etag)).status).toBe(304);

    // A bed.
    const layout = WardLayout.parse((await call(people.managerA!, 'GET', '/api/ward/layout?ward=1')).json());
    const c1 = layout.bays[0]!.beds.find((b) => b.label === 'C1')!;
    expect(
      (await call(await nurseA(), 'PUT', `/api/patients/${w.id}/bed`, { bedId: c1.id })).statusCode,
    ).toBe(200);
    next = await outreachList(answer.etag);
    expect(entryOf(next.list, w.id)).toMatchObject({ bed: 'C1' });
    answer = next;

    // Its alert acknowledged.
    const alertId = entryOf(answer.list, w.id)!.alert!.id;
    const ack = await call(await nurseA(), 'POST', `/api/alerts/${alertId}/acknowledge`, {});
    expect(ack.statusCode).toBe(200);
    next = await outreachList(answer.etag);
    expect(next.status).toBe(200);
    expect(entryOf(next.list, w.id)!.alert).toMatchObject({ id: alertId, state: 'acknowledged' });
    answer = next;

    // Transferred: on ward B, no bed yet.
    const moved = await call(await nurseA(), 'POST', `/api/patients/${w.id}/transfer`, { wardId: wardB.id });
    expect(moved.statusCode).toBe(200);
    next = await outreachList(answer.etag);
    expect(entryOf(next.list, w.id)).toMatchObject({ ward: { id: wardB.id, code: 'W9' }, bed: null });
    answer = next;

    // Leaving at risk: well again (NEWS2 0, level over the 6 hours).
    const nurseB = await signIn(t.app, people.nurseB!.user.username);
    await recordReadings(t.app, nurseB, reading(w.id, WELL));
    next = await outreachList(answer.etag);
    expect(next.status).toBe(200);
    expect(entryOf(next.list, w.id)).toBeUndefined();
  });

  it('shows an escalation and a discharge at once', async () => {
    const p = await admitPatient(t.app, (await signIn(t.app, people.nurseA!.user.username)).cookie, {
      name: 'Escalating',
      ...URGENT_ADMISSION,
    });
    let answer = await outreachList();
    expect(entryOf(answer.list, p.id)!.alert).toMatchObject({ escalatedTo: null, escalatedAt: null });
    expect((await outreachList(answer.etag)).status).toBe(304);

    // Unacknowledged past its deadline: the timer escalates it (to ward 1's manager).
    const before = t.clock.now().getTime();
    for (let i = 0; i < 12 && !entryOf(answer.list, p.id)!.alert!.escalatedTo; i++) {
      t.clock.advance(5 * MIN);
      await t.app.services.alerts.tick();
      answer = await outreachList();
    }
    expect(t.clock.now().getTime()).toBeGreaterThan(before);
    const escalated = entryOf(answer.list, p.id)!.alert!;
    expect(escalated.escalatedTo).toBe('ward_manager');
    const fresh = await signIn(t.app, admin.user.username);
    const [stored] = (
      await call(fresh, 'GET', `/api/alerts?patientId=${p.id}&kind=clinical`)
    ).json() as Alert[];
    expect(escalated).toMatchObject({ id: stored!.id, escalatedAt: stored!.escalatedAt });
    expect((await outreachList(answer.etag)).status).toBe(304);

    const out = await call(fresh, 'POST', `/api/patients/${p.id}/discharge`, {});
    expect(out.statusCode).toBe(200);
    const next = await outreachList(answer.etag);
    expect(next.status).toBe(200);
    expect(entryOf(next.list, p.id)).toBeUndefined();
  });

  it('drops a rise once its readings are older than 6 hours, with no event to say so', async () => {
    const r = await admitPatient(t.app, (await signIn(t.app, people.nurseA!.user.username)).cookie, {
      name: 'Rising Slowly',
    });
    // NEWS2 0 → 2 (RR 22 → 2): not 5, no red score, but risen by 2 within 6 hours.
    await recordReadings(
      t.app,
      await signIn(t.app, people.nurseA!.user.username),
      reading(r.id, { respiratoryRate: 22 }),
    );
    const answer = await outreachList();
    expect(entryOf(answer.list, r.id)).toMatchObject({
      news2: { total: 2, redScore: false, trend: { from: 0, to: 2, direction: 'rising' } },
      reasons: ['rising'],
    });
    t.clock.advance(60 * MIN);
    expect((await outreachList(answer.etag)).status).toBe(304);
    // Both readings leave the 6-hour window: no trend, so no rise.
    t.clock.advance(5 * 60 * MIN + 1);
    const later = await outreachList(answer.etag);
    expect(later.status).toBe(200);
    expect(entryOf(later.list, r.id)).toBeUndefined();
  });

  it('reads again only what changed: one patient’s trend after her reading', async () => {
    const trends = t.app.services.readings;
    const original = trends.news2TrendsHeld;
    const asked: number[][] = [];
    trends.news2TrendsHeld = (ids) => {
      asked.push([...ids]);
      return original(ids);
    };
    try {
      const patients: Patient[] = [];
      for (let i = 0; i < 3; i++)
        patients.push(
          await admitPatient(t.app, (await signIn(t.app, people.nurseA!.user.username)).cookie, {
            name: `Quiet ${i}`,
          }),
        );
      await outreachList();
      asked.length = 0;
      const first = await outreachList();
      expect(asked).toEqual([]);
      expect((await outreachList(first.etag)).status).toBe(304);
      await recordReadings(
        t.app,
        await signIn(t.app, people.nurseA!.user.username),
        reading(patients[1]!.id, { heartRate: 85 }),
      );
      await outreachList();
      expect(asked).toEqual([[patients[1]!.id]]);
    } finally {
      trends.news2TrendsHeld = original;
    }
  });
});
