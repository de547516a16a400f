import { describe, expect, it } from 'vitest';
import type { LiveEventRow } from './repository.ts';
import { createEventSequencer } from './sequencer.ts';

const event = (id: number): LiveEventRow => ({
  id,
  type: 'reading',
  patientId: 1,
  data: {},
  wardId: 1,
  createdAt: new Date('2026-03-02T08:00:00Z'),
});
const ids = (out: { row: LiveEventRow }[]) => out.map((e) => e.row.id);

describe('the live-event sequencer (decision 032)', () => {
  it('hands on events that follow the frontier at once, in id order', () => {
    const s = createEventSequencer(10);
    expect(ids(s.offer([event(12), event(11)], 'this-instance'))).toEqual([11, 12]);
    expect(s.frontier()).toBe(12);
    expect(s.gap()).toBeNull();
  });

  it('holds an event until every smaller id has come, whichever instance committed it', () => {
    const s = createEventSequencer(10);
    expect(ids(s.offer([event(13)], 'this-instance'))).toEqual([]);
    expect(ids(s.offer([event(12)], 'other-instance'))).toEqual([]);
    expect(s.gap()).toEqual({ missing: [11], upTo: 13 });
    const out = s.offer([event(11)], 'other-instance');
    expect(ids(out)).toEqual([11, 12, 13]);
    expect(out.map((e) => e.origin)).toEqual(['other-instance', 'other-instance', 'this-instance']);
    expect(s.frontier()).toBe(13);
  });

  it('hands each event on once', () => {
    const s = createEventSequencer(0);
    expect(ids(s.offer([event(2), event(2)], 'this-instance'))).toEqual([]);
    expect(ids(s.offer([event(1), event(2)], 'other-instance'))).toEqual([1, 2]);
    expect(s.heldCount()).toBe(0);
  });

  it('settles the ids of a gap that will never come (rolled back), and what waited behind goes out', () => {
    const s = createEventSequencer(20);
    s.offer([event(24), event(26)], 'this-instance');
    expect(s.gap()).toEqual({ missing: [21, 22, 23, 25], upTo: 26 });
    // Only up to 24 is known settled: 25 may still commit.
    expect(ids(s.settle(24))).toEqual([24]);
    expect(s.frontier()).toBe(24);
    expect(ids(s.offer([event(25)], 'other-instance'))).toEqual([25, 26]);
  });

  it('sends an event that commits after its id was settled, late rather than never', () => {
    const s = createEventSequencer(30);
    s.offer([event(32)], 'this-instance');
    s.settle(32);
    expect(ids(s.offer([event(31)], 'other-instance'))).toEqual([31]);
    expect(s.frontier()).toBe(32);
  });

  it('starts again after the newest committed event', () => {
    const s = createEventSequencer();
    s.offer([event(5)], 'this-instance');
    s.reset(100);
    expect(s.heldCount()).toBe(0);
    expect(ids(s.offer([event(101)], 'this-instance'))).toEqual([101]);
  });
});
