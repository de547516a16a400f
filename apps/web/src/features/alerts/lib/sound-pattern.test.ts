import { describe, expect, it } from 'vitest';
import { burstLengthMs, repeatingPriority, soundPattern } from './sound-pattern.ts';

const gaps = (priority: 'high' | 'medium' | 'low') => {
  const { pulses } = soundPattern(priority);
  return pulses.slice(1).map((p, i) => p.startMs - (pulses[i]!.startMs + pulses[i]!.durationMs));
};

describe('IEC 60601-1-8 burst patterns', () => {
  it('high: 10 pulses, x-x-x--x-x twice, within the standard’s timings, repeated within 2.5–15 s', () => {
    const high = soundPattern('high');
    expect(high.pulses).toHaveLength(10);
    for (const p of high.pulses) expect(p.durationMs).toBeGreaterThanOrEqual(75);
    for (const p of high.pulses) expect(p.durationMs).toBeLessThanOrEqual(200);
    const [g1, g2, g3, g4, g5, g6, g7, g8, g9] = gaps('high');
    // spacing 50–125 ms; 3rd to 4th: 2 spacings + a pulse; 5th to 6th: 0.35–1.3 s.
    for (const g of [g1, g2, g4, g6, g7, g9]) expect(g).toBe(100);
    expect(g3).toBe(2 * 100 + 150);
    expect(g8).toBe(g3);
    expect(g5).toBeGreaterThanOrEqual(350);
    expect(g5).toBeLessThanOrEqual(1300);
    expect(high.repeatEveryMs).toBeGreaterThanOrEqual(2500 + burstLengthMs(high));
    expect(high.repeatEveryMs! - burstLengthMs(high)).toBeLessThanOrEqual(15_000);
  });

  it('medium: 3 pulses of 125–250 ms, repeated within 2.5–30 s; low: 2 pulses, once', () => {
    const medium = soundPattern('medium');
    expect(medium.pulses).toHaveLength(3);
    for (const g of gaps('medium')) expect(g).toBeGreaterThanOrEqual(125);
    expect(medium.repeatEveryMs! - burstLengthMs(medium)).toBeLessThanOrEqual(30_000);
    const low = soundPattern('low');
    expect(low.pulses).toHaveLength(2);
    expect(low.repeatEveryMs).toBeNull();
  });

  it('keeps every fundamental within 150–1000 Hz, higher for a higher priority', () => {
    const hz = (['high', 'medium', 'low'] as const).map((p) => soundPattern(p).frequencyHz);
    for (const f of hz) expect(f).toBeGreaterThanOrEqual(150);
    for (const f of hz) expect(f).toBeLessThanOrEqual(1000);
    expect(hz[0]).toBeGreaterThan(hz[1]!);
    expect(hz[1]).toBeGreaterThan(hz[2]!);
  });

  it('sounds the highest standing priority that repeats', () => {
    expect(repeatingPriority([])).toBeNull();
    expect(repeatingPriority(['low', 'low'])).toBeNull();
    expect(repeatingPriority(['low', 'medium'])).toBe('medium');
    expect(repeatingPriority(['medium', 'high', 'low'])).toBe('high');
  });
});
