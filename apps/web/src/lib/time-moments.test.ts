import { describe, expect, it } from 'vitest';
import { MOMENT_RECHECK_MS, untilNextMoment } from './time-moments.ts';

const NOW = Date.parse('2026-11-29T08:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('asking again when an answer changes by time alone', () => {
  it('asks a second after the nearest moment ahead', () => {
    expect(untilNextMoment([at(5 * 60_000), at(60_000)], NOW)).toBe(61_000);
    expect(untilNextMoment([undefined, at(60_000)], NOW)).toBe(61_000);
  });

  it('checks again for a while after a moment has passed, in case this clock ran ahead of the server', () => {
    expect(untilNextMoment([at(-2_000), at(3_600_000)], NOW)).toBe(MOMENT_RECHECK_MS);
    expect(untilNextMoment([at(-40_000), at(3_600_000)], NOW)).toBe(3_601_000);
  });

  it('does not ask when no moment is near or ahead', () => {
    expect(untilNextMoment([at(-3_600_000)], NOW)).toBe(false);
    expect(untilNextMoment([], NOW)).toBe(false);
  });
});
