import {
  type Alert,
  AlertSettings,
  HandoverOverview,
  NurseInCharge,
  type Patient,
  Ward,
  WardMembers,
  WardSettings,
} from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, type Session, signIn, signUp, signUpAs } from './support/factories.ts';

// Decision 035: each ward keeps its own shift times, nurse in charge and alert deadlines.

const MIN = 60_000;
/** NEWS2 9 (RR 27 → 3, SpO2 91 → 3, pulse 135 → 3; RCP NEWS2 chart): an emergency, high priority. */
const DETERIORATING = { respiratoryRate: 27, oxygenLevel: 91, pulse: 135 };
/** Ward B's three shifts; ward A keeps the defaults (Day 07:30–19:30, Night 19:30–07:30). */
const THREE_SHIFTS = {
  shifts: [
    { name: 'Early', start: '06:00', end: '14:00' },
    { name: 'Late', start: '14:00', end: '22:00' },
    { name: 'Night', start: '22:00', end: '06:00' },
  ],
  handoverWindowMinutes: 30,
  timeZone: 'Europe/London',
};
/** Ward B's deadline for a high-priority alert: 20 minutes, where ward A keeps the default 5. */
const B_DEADLINES = {
  acknowledgeWithinMs: { high: 20 * MIN, medium: 30 * MIN, low: 90 * MIN },
  confirmDeviceAfterMs: 60_000,
};

/** Other deadlines, which another ward's manager may not set on ward B. */
const OTHER_DEADLINES = {
  acknowledgeWithinMs: { high: 2 * MIN, medium: 10 * MIN, low: 30 * MIN },
  confirmDeviceAfterMs: 30_000,
};

let t: TestApp;
let admin: Session;
let wardB: Ward;
const people: Record<string, Session> = {};
const call = (who: Session, method: string, u: string, payload?: unknown) => t.as(who, method, u, payload);
/** The clock runs past the sessions' idle expiry: each request signs in again. */
const fresh = (who: Session) => signIn(t.app, who.user.username);

async function staff(role: Session['user']['role'], wardIds: number[]): Promise<Session> {
  const s = await signUpAs(t.app, admin.cookie, role);
  const res = await call(admin, 'PUT', `/api/accounts/${s.user.id}/wards`, { wardIds });
  expect(res.statusCode).toBe(200);
  return s;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app);
  const created = await call(admin, 'POST', '/api/wards', { name: 'Ward 9', code: 'W9' });
  expect(created.statusCode).toBe(201);
  wardB = Ward.parse(created.json());
  people.managerA = await staff('ward_manager', [1]);
  people.managerB = await staff('ward_manager', [wardB.id]);
  people.nurseA = await staff('nurse', [1]);
  people.nurseB = await staff('nurse', [wardB.id]);
  // A nurse of both wards: in charge of ward B's shift, not of ward A's.
  people.nurseBoth = await staff('nurse', [1, wardB.id]);
  await staff('doctor', [1]);
  await staff('doctor', [wardB.id]);
});
afterAll(() => t.close());

describe('who works on which ward', () => {
  it('lists each ward’s members with their role, for an administrator only', async () => {
    const res = await call(admin, 'GET', '/api/wards/members');
    expect(res.statusCode).toBe(200);
    const byWard = new Map(
      WardMembers.parse(res.json()).map((w) => [w.wardId, w.members.map((m) => [m.id, m.role])]),
    );
    expect(byWard.get(wardB.id)).toEqual(
      expect.arrayContaining([
        [people.managerB!.user.id, 'ward_manager'],
        [people.nurseB!.user.id, 'nurse'],
        [people.nurseBoth!.user.id, 'nurse'],
      ]),
    );
    expect(byWard.get(wardB.id)).toHaveLength(4);
    expect(byWard.get(1)!.map(([id]) => id)).not.toContain(people.nurseB!.user.id);
    expect((await call(people.managerA!, 'GET', '/api/wards/members')).statusCode).toBe(403);
  });
});

describe("a ward's settings are its manager's", () => {
  it('lets a ward manager set her ward’s shifts and deadlines, and answers each ward its own', async () => {
    const shifts = await call(people.managerB!, 'PUT', `/api/ward/settings?ward=${wardB.id}`, THREE_SHIFTS);
    expect(shifts.statusCode).toBe(200);
    const deadlines = await call(
      people.managerB!,
      'PUT',
      `/api/alert-settings?ward=${wardB.id}`,
      B_DEADLINES,
    );
    expect(deadlines.statusCode).toBe(200);

    const b = WardSettings.parse((await call(people.nurseB!, 'GET', '/api/ward/settings')).json());
    expect(b.shifts.map((s) => s.name)).toEqual(['Early', 'Late', 'Night']);
    const a = WardSettings.parse((await call(people.nurseA!, 'GET', '/api/ward/settings')).json());
    expect(a.shifts.map((s) => s.name)).toEqual(['Day', 'Night']);
    const bothA = WardSettings.parse(
      (await call(people.nurseBoth!, 'GET', '/api/ward/settings?ward=1')).json(),
    );
    expect(bothA.shifts.map((s) => s.name)).toEqual(['Day', 'Night']);
    expect(
      AlertSettings.parse((await call(people.nurseB!, 'GET', '/api/alert-settings')).json())
        .acknowledgeWithinMs.high,
    ).toBe(20 * MIN);
    expect(
      AlertSettings.parse((await call(people.nurseA!, 'GET', '/api/alert-settings')).json())
        .acknowledgeWithinMs.high,
    ).toBe(5 * MIN);
  });

  it("refuses a ward manager another ward's settings as an unknown ward (404); an administrator sets any", async () => {
    for (const u of [`/api/ward/settings?ward=${wardB.id}`, `/api/alert-settings?ward=${wardB.id}`]) {
      const body = u.startsWith('/api/ward')
        ? { ...THREE_SHIFTS, handoverWindowMinutes: 90 }
        : OTHER_DEADLINES;
      const res = await call(people.managerA!, 'PUT', u, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('WARD_NOT_FOUND');
      // Reading another ward's is 404 too.
      expect((await call(people.nurseA!, 'GET', u)).statusCode).toBe(404);
    }
    // Ward B's settings are as its manager left them.
    const b = WardSettings.parse((await call(people.managerB!, 'GET', '/api/ward/settings')).json());
    expect(b.handoverWindowMinutes).toBe(30);
    const deadlines = AlertSettings.parse(
      (await call(people.managerB!, 'GET', '/api/alert-settings')).json(),
    );
    expect(deadlines.acknowledgeWithinMs.high).toBe(20 * MIN);
    // A nurse holds no permission to set them (403), on her own ward too.
    expect(
      (await call(people.nurseB!, 'PUT', `/api/alert-settings?ward=${wardB.id}`, B_DEADLINES)).statusCode,
    ).toBe(403);
    // The administrator sets any ward's (here the same values again).
    const res = await call(admin, 'PUT', `/api/alert-settings?ward=${wardB.id}`, B_DEADLINES);
    expect(res.statusCode).toBe(200);
    expect(
      (await call(admin, 'GET', `/api/alert-settings?ward=${wardB.id}`)).json().acknowledgeWithinMs.high,
    ).toBe(20 * MIN);
  });
});

describe("handover on ward B follows ward B's shift times and nurse in charge", () => {
  let onA: Patient;
  let onB: Patient[];
  const overviewOf = async (who: Session, ward: number) => {
    const res = await call(await fresh(who), 'GET', `/api/handover?ward=${ward}`);
    expect(res.statusCode).toBe(200);
    return HandoverOverview.parse(res.json());
  };

  beforeAll(async () => {
    // 13:30 on both wards' clock (London, GMT in March): ward A's day shift runs to 19:30 and hands
    // over to its night; ward B's early shift ends at 14:00 and hands over to its late.
    t.clock.set(new Date('2026-03-02T13:30:00Z'));
    onA = await admitPatient(t.app, (await fresh(people.nurseA!)).cookie, { name: 'Settings Ward A' });
    const nurseB = await fresh(people.nurseB!);
    onB = [
      await admitPatient(t.app, nurseB.cookie, { name: 'Settings Ward B One' }),
      await admitPatient(t.app, nurseB.cookie, { name: 'Settings Ward B Two' }),
    ];
  });

  it('names the nurse in charge of ward B’s own shift, which ward A does not have', async () => {
    const managerB = await fresh(people.managerB!);
    const named = await call(managerB, 'PUT', `/api/ward/nurse-in-charge/2026-03-02/early?ward=${wardB.id}`, {
      nurseId: people.nurseBoth!.user.id,
    });
    expect(named.statusCode).toBe(200);
    const lead = NurseInCharge.parse(
      (await call(managerB, 'GET', `/api/ward/nurse-in-charge?ward=${wardB.id}`)).json(),
    );
    expect(lead.shift).toMatchObject({ key: '2026-03-02/early', name: 'Early' });
    expect(lead.nurse?.id).toBe(people.nurseBoth!.user.id);
    // Ward A has no early shift.
    const managerA = await fresh(people.managerA!);
    const refused = await call(managerA, 'PUT', '/api/ward/nurse-in-charge/2026-03-02/early?ward=1', {
      nurseId: people.nurseA!.user.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('SHIFT_NOT_OPEN');
  });

  it('hands ward B over into its late shift, and ward A into its night, each by its own times', async () => {
    expect((await overviewOf(people.nurseBoth!, wardB.id)).shift).toMatchObject({
      key: '2026-03-02/late',
      startsAt: '2026-03-02T14:00:00.000Z',
      handoverEndsAt: '2026-03-02T14:30:00.000Z',
    });
    expect((await overviewOf(people.nurseBoth!, 1)).shift).toMatchObject({
      key: '2026-03-02/night',
      startsAt: '2026-03-02T19:30:00.000Z',
    });
  });

  it("gives ward B's nurse in charge every ward B patient to hand over, and no ward A patient", async () => {
    const b = await overviewOf(people.nurseBoth!, wardB.id);
    expect(b.outgoing.map((d) => d.patientId).sort()).toEqual(onB.map((p) => p.id).sort());
    // On ward A she is a nurse with no patients of her own: nothing to hand over.
    const a = await overviewOf(people.nurseBoth!, 1);
    expect(a.outgoing.map((d) => d.patientId)).not.toContain(onA.id);
    expect(a.outgoing).toEqual([]);
    // Ward B's other nurse, not in charge and with no patients, has none either.
    expect((await overviewOf(people.nurseB!, wardB.id)).outgoing).toEqual([]);
  });

  it("lets ward B's nurse in charge assign and hand over on ward B's shift keys", async () => {
    const inCharge = await fresh(people.nurseBoth!);
    const assigned = await call(inCharge, 'PUT', `/api/ward/assignments/2026-03-02/late/${onB[0]!.id}`, {
      nurseId: people.nurseB!.user.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().shift.key).toBe('2026-03-02/late');
    const given = await call(inCharge, 'POST', '/api/handovers', {
      patientId: onB[1]!.id,
      illnessSeverity: 'stable',
      patientSummary: 'Settled after admission.',
      actions: [],
      situation: 'Nothing outstanding.',
    });
    expect(given.statusCode).toBe(201);
    expect(given.json().shiftKey).toBe('2026-03-02/late');
    // She is not in charge on ward A: a ward A patient's handover is not hers to give.
    const refused = await call(inCharge, 'POST', '/api/handovers', {
      patientId: onA.id,
      illnessSeverity: 'stable',
      patientSummary: 'Settled.',
      actions: [],
      situation: 'Nothing outstanding.',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NOT_OUTGOING_NURSE');
  });
});

describe("each patient's alerts keep her ward's deadlines", () => {
  const tickAfter = async (ms: number) => {
    t.clock.advance(ms);
    await t.app.services.alerts.tick();
  };
  const alertOf = async (id: number): Promise<Alert> => {
    const res = await call(await fresh(admin), 'GET', `/api/alerts?patientId=${id}&kind=clinical`);
    return (res.json() as Alert[])[0]!;
  };

  it("escalates ward A's alert at ward A's 5 minutes while ward B's waits for its 20", async () => {
    const onA = await admitPatient(t.app, (await fresh(people.nurseA!)).cookie, {
      name: 'Deadline A',
      ...DETERIORATING,
    });
    const onB = await admitPatient(t.app, (await fresh(people.nurseB!)).cookie, {
      name: 'Deadline B',
      ...DETERIORATING,
    });
    const a = await alertOf(onA.id);
    const b = await alertOf(onB.id);
    expect(a).toMatchObject({ priority: 'high', escalationLevel: 0 });
    expect(b).toMatchObject({ priority: 'high', escalationLevel: 0 });
    expect(Date.parse(a.deadlineAt!) - Date.parse(a.raisedAt)).toBe(5 * MIN);
    expect(Date.parse(b.deadlineAt!) - Date.parse(b.raisedAt)).toBe(20 * MIN);

    await tickAfter(5 * MIN);
    expect(await alertOf(onA.id)).toMatchObject({ escalationLevel: 1, escalatedTo: 'ward_manager' });
    expect(await alertOf(onB.id)).toMatchObject({ escalationLevel: 0, escalatedTo: null });
    await tickAfter(14 * MIN);
    expect((await alertOf(onB.id)).escalationLevel).toBe(0);
    await tickAfter(1 * MIN);
    const escalated = await alertOf(onB.id);
    expect(escalated).toMatchObject({
      escalationLevel: 1,
      escalatedTo: 'ward_manager',
      escalatedToUsers: [people.managerB!.user.id],
    });
    // Its next step is ward B's deadline again, from the escalation.
    expect(Date.parse(escalated.deadlineAt!) - Date.parse(escalated.escalatedAt!)).toBe(20 * MIN);
  });
});
