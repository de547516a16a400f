import { describe, expect, it } from 'vitest';
import {
  dateTimeLocalToIso,
  formatAge,
  formatClockTime,
  formatClockTimeWithSeconds,
  formatDateTime,
  toDateTimeLocal,
} from './date-time.ts';

describe('date-time helpers', () => {
  const now = new Date('2026-03-02T12:00:00Z');

  it.each([
    ['2026-03-02T12:00:00Z', 'just now'],
    ['2026-03-02T11:48:00Z', '12 min ago'],
    ['2026-03-02T09:00:00Z', '3 h ago'],
    ['2026-02-28T12:00:00Z', '2 days ago'],
    ['2026-03-02T13:00:00Z', 'in the future'],
  ])('age of %s is %s', (iso, text) => {
    expect(formatAge(iso, now)).toBe(text);
  });

  it('turns a datetime-local value into an instant in local time and back', () => {
    const local = new Date(2026, 2, 2, 14, 30);
    expect(toDateTimeLocal(local)).toBe('2026-03-02T14:30');
    expect(dateTimeLocalToIso('2026-03-02T14:30')).toBe(local.toISOString());
    expect(dateTimeLocalToIso('')).toBeNull();
    expect(dateTimeLocalToIso('2026-13-45T99:99')).toBeNull();
  });

  it('shows every date one way, 24-hour, whatever the browser’s locale', () => {
    const afternoon = new Date(2026, 10, 25, 16, 24, 43);
    expect(formatDateTime(afternoon)).toBe('25 Nov 2026, 16:24');
    expect(formatDateTime(afternoon.toISOString())).toBe('25 Nov 2026, 16:24');
    expect(formatDateTime(new Date(2026, 0, 2, 0, 5))).toBe('2 Jan 2026, 00:05');
    expect(formatClockTime(afternoon)).toBe('16:24');
    expect(formatClockTimeWithSeconds(afternoon)).toBe('16:24:43');
  });
});
