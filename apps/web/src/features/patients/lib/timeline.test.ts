import type { TimelineEntry } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { authorOf, timelineCounts, timelineShown } from './timeline.ts';

const entry = (
  id: string,
  category: TimelineEntry['category'],
  over: Partial<TimelineEntry> = {},
): TimelineEntry => ({
  id,
  type: 'note',
  category,
  date: '2026-03-02T08:00:00.000Z',
  title: 'Note added',
  description: 'Slept well.',
  by: null,
  news2: null,
  correction: null,
  ...over,
});

const ENTRIES = [entry('a', 'alerts'), entry('b', 'observations'), entry('c', 'alerts'), entry('d', 'stay')];

describe('the timeline filters (issue 40 item 5)', () => {
  it('shows one category in the order given, or everything', () => {
    expect(timelineShown(ENTRIES, 'alerts').map((e) => e.id)).toEqual(['a', 'c']);
    expect(timelineShown(ENTRIES, 'all').map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('counts each filter', () => {
    expect(timelineCounts(ENTRIES)).toEqual({
      all: 4,
      alerts: 2,
      observations: 1,
      care: 0,
      devices: 0,
      handovers: 0,
      stay: 1,
    });
  });

  it('names who did it once: beside the time unless the entry already says it', () => {
    expect(authorOf(entry('n', 'care', { by: 'ada' }))).toBe('ada');
    expect(
      authorOf(entry('o', 'observations', { by: 'ada', description: 'Recorded pulse 80 bpm by ada.' })),
    ).toBeNull();
    expect(authorOf(entry('s', 'stay'))).toBeNull();
  });
});
