import { describe, expect, it } from 'vitest';
import { makeAlert } from '@/test/alert-factory.ts';
import { createAnnouncer } from './announcer.ts';

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
