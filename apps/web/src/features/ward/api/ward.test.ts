import type { WardBoard } from '@vigil/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOMENT_SLACK_MS } from '@/lib/time-moments.ts';
import { intervalOf } from '@/test/query-interval.ts';
import { BOARD_REFRESH_MS, getWardBoardQueryOptions } from './ward.ts';

const NOW = Date.parse('2026-11-29T07:58:00.000Z');
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

beforeEach(() => vi.useFakeTimers({ now: NOW }));
afterEach(() => vi.useRealTimers());

const board = (handoverEndsAtMs: number) =>
  ({
    shift: {
      key: '2026-11-29/day',
      name: 'Day',
      startsAt: iso(NOW - 28 * MIN),
      endsAt: iso(NOW + 12 * 60 * MIN),
      handoverEndsAt: iso(handoverEndsAtMs),
    },
    bays: [],
    unplacedPatientIds: [],
  }) as unknown as WardBoard;

describe('the ward board counts again', () => {
  it('each minute (its overdue observations), and sooner when the handover window ends', () => {
    const options = getWardBoardQueryOptions();
    expect(intervalOf(options, undefined)).toBe(BOARD_REFRESH_MS);
    expect(intervalOf(options, board(NOW - 60 * MIN))).toBe(BOARD_REFRESH_MS);
    expect(intervalOf(options, board(NOW + 20_000))).toBe(20_000 + MOMENT_SLACK_MS);
  });
});
