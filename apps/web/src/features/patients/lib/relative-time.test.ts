import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const NOW = Date.parse('2026-03-02T08:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [-120_000, 'just now'],
    [60_000, '1 min ago'],
    [45 * 60_000, '45 min ago'],
    [59 * 60_000 + 59_000, '59 min ago'],
    [60 * 60_000, '1 h ago'],
    [23 * 3_600_000, '23 h ago'],
    [24 * 3_600_000, '1 day ago'],
    [3 * 24 * 3_600_000, '3 days ago'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), NOW)).toBe(text);
  });

  it('says unknown for an unreadable time', () => {
    expect(formatRelativeTime('not a date', NOW)).toBe('unknown');
  });
});
