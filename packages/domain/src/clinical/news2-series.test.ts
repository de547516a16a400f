import { describe, expect, it } from 'vitest';
import { news2Series, spo2ScaleAt } from './news2-series.ts';

const at = (hhmm: string) => Date.parse(`2026-03-02T${hhmm}:00Z`);

describe('spo2ScaleAt', () => {
  const changes = [
    { at: new Date(at('12:00')), from: 1 as const, to: 2 as const },
    { at: '2026-03-02T10:00:00Z', from: 2 as const, to: 1 as const },
  ];
  const scaleAt = spo2ScaleAt(changes, 2);

  it('is the scale the latest change at or before the time set', () => {
    expect(scaleAt(at('10:00'))).toBe(1);
    expect(scaleAt(at('11:59'))).toBe(1);
    expect(scaleAt(at('12:00'))).toBe(2);
    expect(scaleAt(at('23:00'))).toBe(2);
  });

  it('is, before the first change, the scale that change replaced', () => {
    expect(scaleAt(at('09:00'))).toBe(2);
  });

  it("is the patient's scale now when no change was recorded", () => {
    expect(spo2ScaleAt([], 2)(at('09:00'))).toBe(2);
    expect(spo2ScaleAt([], 1)(at('09:00'))).toBe(1);
  });
});

describe('news2Series across a change of scale', () => {
  it('scores each reading on the scale in force when it was measured', () => {
    const reading = (id: number, hhmm: string) => ({
      id,
      readingTime: `2026-03-02T${hhmm}:00Z`,
      oxygenLevel: 90,
      onSupplementalOxygen: false,
    });
    const scaleAt = spo2ScaleAt([{ at: '2026-03-02T12:00:00Z', from: 1, to: 2 }], 2);
    const points = news2Series([reading(1, '11:00'), reading(2, '13:00')], scaleAt);
    expect(points.map((p) => p.total)).toEqual([3, 0]);
    expect(news2Series([reading(1, '11:00'), reading(2, '13:00')], 2).map((p) => p.total)).toEqual([0, 0]);
  });
});
