import { describe, expect, it } from 'vitest';
import { handoverShiftAt, nextShift, previousShift, shiftAt, shiftByKey, WardSettings } from './shifts.ts';

const london: WardSettings = {
  shifts: [
    { name: 'Day', start: '07:30', end: '19:30' },
    { name: 'Night', start: '19:30', end: '07:30' },
  ],
  handoverWindowMinutes: 60,
  timeZone: 'Europe/London',
};

describe('shifts on the ward clock', () => {
  it.each([
    ['2026-11-26T12:00:00Z', '2026-11-26/day', '2026-11-26T07:30:00.000Z', '2026-11-26T19:30:00.000Z'],
    ['2026-11-26T03:00:00Z', '2026-11-25/night', '2026-11-25T19:30:00.000Z', '2026-11-26T07:30:00.000Z'],
    ['2026-11-26T19:30:00Z', '2026-11-26/night', '2026-11-26T19:30:00.000Z', '2026-11-27T07:30:00.000Z'],
    // British Summer Time: 07:30 on the ward is 06:30 UTC
    ['2026-07-01T06:45:00Z', '2026-07-01/day', '2026-07-01T06:30:00.000Z', '2026-07-01T18:30:00.000Z'],
    // the night the clocks go back lasts 13 hours
    ['2026-10-25T02:00:00Z', '2026-10-24/night', '2026-10-24T18:30:00.000Z', '2026-10-25T07:30:00.000Z'],
  ])('at %s the shift is %s', (at, key, startsAt, endsAt) => {
    const shift = shiftAt(london, new Date(at));
    expect(shift).toMatchObject({ key, startsAt, endsAt });
    expect(shiftByKey(london, key)).toEqual(shift);
  });

  it('names the next and the previous shift, and the handover window after a start', () => {
    const day = shiftAt(london, new Date('2026-11-26T12:00:00Z'));
    expect(nextShift(london, day).key).toBe('2026-11-26/night');
    expect(previousShift(london, day).key).toBe('2026-11-25/night');
    expect(day.handoverEndsAt).toBe('2026-11-26T08:30:00.000Z');
    expect(handoverShiftAt(london, new Date('2026-11-26T08:00:00Z')).key).toBe('2026-11-26/day');
    expect(handoverShiftAt(london, new Date('2026-11-26T08:31:00Z')).key).toBe('2026-11-26/night');
  });

  it('refuses shifts that leave a gap, share a name or use an unknown zone', () => {
    const gap = WardSettings.safeParse({
      ...london,
      shifts: [
        { name: 'Day', start: '08:00', end: '19:30' },
        { name: 'Night', start: '19:30', end: '07:30' },
      ],
    });
    expect(gap.error?.issues[0]?.message).toBe(
      'Shifts must cover the whole day without gaps or overlaps: Night ends at 07:30 but Day starts at 08:00.',
    );
    const twice = WardSettings.safeParse({
      ...london,
      shifts: [london.shifts[0], { ...london.shifts[1], name: 'day' }],
    });
    expect(twice.error?.issues[0]?.message).toMatch(/Two shifts are named day/);
    expect(WardSettings.safeParse({ ...london, timeZone: 'Mars/Olympus' }).error?.issues[0]?.message).toMatch(
      /IANA time zone/,
    );
    expect(shiftByKey(london, '2026-11-26/evening')).toBeNull();
  });
});
