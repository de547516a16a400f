import { NurseInCharge, type Permission, User } from '@vigil/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, type Session, signUp, signUpAs } from './support/factories.ts';

let t: TestApp;
let admin: Session;
let manager: Session;
beforeAll(async () => {
  t = await createTestApp();
  // 19:15 on the ward clock (London, GMT in March): the day shift ends at 19:30, the night follows.
  t.clock.set(new Date('2026-03-02T19:15:00Z'));
  admin = await signUp(t.app);
  manager = await signUpAs(t.app, admin.cookie, 'ward_manager');
});
afterAll(() => t.close());

const permissions = async (who: Session): Promise<Permission[]> =>
  User.parse((await t.as(who, 'GET', '/api/user')).json()).permissions;
const name = (who: Session, shiftKey: string, nurseId: number | null) =>
  t.as(who, 'PUT', `/api/ward/nurse-in-charge/${shiftKey}`, { nurseId });
const assign = (who: Session, shiftKey: string, patientId: number, nurseId: number) =>
  t.as(who, 'PUT', `/api/ward/assignments/${shiftKey}/${patientId}`, { nurseId });

describe('the nurse in charge of a shift', () => {
  it('holds the assignment of patients while their shift runs, from the moment they are named to the moment they are not', async () => {
    const day = await signUpAs(t.app, admin.cookie, 'nurse');
    const night = await signUpAs(t.app, admin.cookie, 'nurse');
    const patient = await admitPatient(t.app, admin.cookie);
    // Read once, so each session is in the cache before the change: the change must reach it.
    expect(await permissions(day)).not.toContain('ward:assign');
    expect(await permissions(night)).not.toContain('ward:assign');
    expect((await assign(day, '2026-03-02/day', patient.id, night.user.id)).statusCode).toBe(403);

    // Naming is the ward manager's: not a nurse's, not even the nurse in charge's own.
    expect((await name(day, '2026-03-02/day', day.user.id)).statusCode).toBe(403);
    const named = await name(manager, '2026-03-02/day', day.user.id);
    expect(named.statusCode).toBe(200);
    expect(NurseInCharge.parse(named.json())).toMatchObject({
      shift: { key: '2026-03-02/day' },
      nurse: { id: day.user.id, name: day.user.username },
      namedBy: { id: manager.user.id },
    });
    expect((await name(manager, '2026-03-02/night', night.user.id)).statusCode).toBe(200);

    expect(await permissions(day)).toContain('ward:assign');
    expect((await assign(day, '2026-03-02/day', patient.id, night.user.id)).statusCode).toBe(200);
    expect((await t.as(day, 'GET', '/api/ward/staff')).statusCode).toBe(200);
    expect((await name(day, '2026-03-02/night', day.user.id)).statusCode).toBe(403);
    // Named for the next shift: not yet.
    expect(await permissions(night)).not.toContain('ward:assign');

    // 19:31: the night begins; the day's nurse in charge hands the grant on with the shift.
    t.clock.set(new Date('2026-03-02T19:31:00Z'));
    expect(await permissions(night)).toContain('ward:assign');
    expect(await permissions(day)).not.toContain('ward:assign');
    expect((await assign(day, '2026-03-02/night', patient.id, night.user.id)).statusCode).toBe(403);
    expect((await assign(night, '2026-03-02/night', patient.id, day.user.id)).statusCode).toBe(200);
    const current = NurseInCharge.parse((await t.as(day, 'GET', '/api/ward/nurse-in-charge')).json());
    expect(current.nurse).toEqual({ id: night.user.id, name: night.user.username });

    // Un-named mid-shift: the grant ends at once, not when a cached session expires.
    expect((await name(manager, '2026-03-02/night', null)).statusCode).toBe(200);
    expect(await permissions(night)).not.toContain('ward:assign');
    expect((await assign(night, '2026-03-02/night', patient.id, night.user.id)).statusCode).toBe(403);
    expect(
      NurseInCharge.parse((await t.as(night, 'GET', '/api/ward/nurse-in-charge')).json()).nurse,
    ).toBeNull();

    expect(
      await t.count(
        sql`select count(*)::int as n from audit_events where entity_type = 'NurseInCharge' and user_id = ${manager.user.id}`,
      ),
    ).toBe(3);
  });

  it('is an active account that looks after patients, named for the current or the next shift only', async () => {
    const auditor = await signUpAs(t.app, admin.cookie, 'auditor');
    const nurse = await signUpAs(t.app, admin.cookie, 'nurse');
    const notCaring = await name(manager, '2026-03-02/night', auditor.user.id);
    expect(notCaring.statusCode).toBe(400);
    expect(notCaring.json().code).toBe('NOT_CARING_STAFF');
    const past = await name(manager, '2026-03-01/day', nurse.user.id);
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toContain(
      'A nurse in charge is named for the current shift (2026-03-02/night)',
    );
    const badKey = await name(manager, '2026-03-02/Day Shift', nurse.user.id);
    expect(badKey.statusCode).toBe(400);
    expect((await t.as(auditor, 'GET', '/api/ward/nurse-in-charge')).statusCode).toBe(403);
  });

  it('loses the grant at once when new shift times move her shift, although her session was cached', async () => {
    const nurse = await signUpAs(t.app, admin.cookie, 'nurse');
    const settings = (await t.as(manager, 'GET', '/api/ward/settings')).json();
    // 19:45: the night shift runs until 07:30.
    t.clock.set(new Date('2026-03-02T19:45:00Z'));
    expect((await name(manager, '2026-03-02/night', nurse.user.id)).statusCode).toBe(200);
    expect(await permissions(nurse)).toContain('ward:assign');

    // The day now ends at 21:00, so at 19:45 her night has not begun.
    const laterNight = {
      ...settings,
      shifts: [
        { name: 'Day', start: '07:30', end: '21:00' },
        { name: 'Night', start: '21:00', end: '07:30' },
      ],
    };
    expect((await t.as(manager, 'PUT', '/api/ward/settings', laterNight)).statusCode).toBe(200);
    expect(await permissions(nurse)).not.toContain('ward:assign');
    expect((await t.as(manager, 'PUT', '/api/ward/settings', settings)).statusCode).toBe(200);
    expect(await permissions(nurse)).toContain('ward:assign');
  });
});
