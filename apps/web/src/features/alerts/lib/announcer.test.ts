import { describe, expect, it } from 'vitest';
import { makeAlert } from '@/test/alert-factory.ts';
import { createAnnouncer, createEscalationAnnouncer } from './announcer.ts';

describe('the announcer', () => {
  it('announces nothing already standing when the screen opens, then each new alert once', () => {
    const announcer = createAnnouncer();
    const old = makeAlert({ id: 1 });
    expect(announcer.next([old])).toEqual([]);
    const fresh = makeAlert({ id: 2, priority: 'medium' });
    expect(announcer.next([fresh, old]).map((a) => a.id)).toEqual([2]);
    // An update, an escalation or a refetch of the same alert is not news.
    expect(announcer.next([{ ...fresh, escalationLevel: 1, escalatedTo: 'ward_manager' }, old])).toEqual([]);
  });

  it('announces a device’s value once it is confirmed, not while it waits', () => {
    const announcer = createAnnouncer();
    announcer.next([]);
    const pending = makeAlert({ id: 3, state: 'pending', confirmation: null, confirmedAt: null });
    expect(announcer.next([pending])).toEqual([]);
    expect(
      announcer.next([{ ...pending, state: 'active', confirmation: 'persisted' }]).map((a) => a.id),
    ).toEqual([3]);
  });

  it('does not announce an alert first seen already acknowledged', () => {
    const announcer = createAnnouncer();
    announcer.next([]);
    expect(announcer.next([makeAlert({ id: 4, state: 'acknowledged' })])).toEqual([]);
  });
});

describe('the escalation announcer', () => {
  it("announces an alert escalated to the person's role once per step, never one escalated before the screen opened", () => {
    const manager = createEscalationAnnouncer('ward_manager');
    const doctor = createEscalationAnnouncer('doctor');
    const earlier = makeAlert({ id: 1, escalationLevel: 1, escalatedTo: 'ward_manager' });
    const raised = makeAlert({ id: 2 });
    expect(manager.next([earlier, raised])).toEqual([]);
    expect(doctor.next([earlier, raised])).toEqual([]);
    const toManager = { ...raised, escalationLevel: 1, escalatedTo: 'ward_manager' as const };
    expect(manager.next([earlier, toManager]).map((a) => a.id)).toEqual([2]);
    expect(doctor.next([earlier, toManager])).toEqual([]);
    // A refetch of the same step is not news; the next step is the doctor's.
    expect(manager.next([earlier, toManager])).toEqual([]);
    const toDoctor = { ...raised, escalationLevel: 2, escalatedTo: 'doctor' as const };
    expect(manager.next([earlier, toDoctor])).toEqual([]);
    expect(doctor.next([earlier, toDoctor]).map((a) => a.id)).toEqual([2]);
    // Acknowledged in the meantime: nothing to announce.
    const acknowledged = makeAlert({
      id: 3,
      state: 'acknowledged',
      escalationLevel: 1,
      escalatedTo: 'ward_manager',
    });
    expect(manager.next([acknowledged])).toEqual([]);
  });
});
