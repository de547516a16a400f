import type { Handover, HandoverOverview } from '@vigil/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOMENT_SLACK_MS } from '@/lib/time-moments.ts';
import { intervalOf } from '@/test/query-interval.ts';
import { getHandoverOverviewQueryOptions, getPatientHandoversQueryOptions } from './handover.ts';

const NOW = Date.parse('2026-11-29T07:58:00.000Z');
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

beforeEach(() => vi.useFakeTimers({ now: NOW }));
afterEach(() => vi.useRealTimers());

const staff = { id: 1, name: 'nurse' };
const handover = (status: Handover['status'], endsAtMs: number): Handover => ({
  id: 1,
  patientId: 7,
  shiftKey: '2026-11-29/day',
  illnessSeverity: 'stable',
  patientSummary: 'Day 2 after a fall',
  actions: [],
  situation: 'If NEWS2 rises to 5, call the doctor',
  givenBy: staff,
  givenAt: iso(NOW - 30 * MIN),
  toNurse: null,
  status,
  synthesis: status === 'accepted' ? 'Understood' : null,
  acceptedBy: status === 'accepted' ? staff : null,
  acceptedAt: status === 'accepted' ? iso(NOW - MIN) : null,
  handoverEndsAt: iso(endsAtMs),
  flagged: false,
});

describe('handover screens open across a window’s end', () => {
  it('ask for the overview again a second after the window ends, then after the shift ends', () => {
    const shift = {
      key: '2026-11-29/day',
      name: 'Day',
      startsAt: iso(NOW - 28 * MIN),
      endsAt: iso(NOW + 12 * 60 * MIN),
      handoverEndsAt: iso(NOW + 2 * MIN),
    };
    const overview = { shift, outgoing: [], incoming: [] } as unknown as HandoverOverview;
    const options = getHandoverOverviewQueryOptions();
    expect(intervalOf(options, overview)).toBe(2 * MIN + MOMENT_SLACK_MS);
    expect(intervalOf(options, undefined)).toBe(false);
  });

  it('ask for a record’s handovers again when one still awaiting acceptance reaches its window’s end', () => {
    const options = getPatientHandoversQueryOptions(7);
    expect(intervalOf(options, [handover('given', NOW + 3 * MIN)])).toBe(3 * MIN + MOMENT_SLACK_MS);
    // Accepted: nothing will change by time alone.
    expect(intervalOf(options, [handover('accepted', NOW + 3 * MIN)])).toBe(false);
  });
});
