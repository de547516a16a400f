import { describe, expect, it } from 'vitest';
import { bedTrend } from './ward-board.ts';

describe('bedTrend', () => {
  it("compares the newest server total with the oldest of the window's series", () => {
    expect(bedTrend(2, 5)).toEqual({ direction: 'rising', from: 2, to: 5 });
    expect(bedTrend(5, 1).direction).toBe('falling');
    expect(bedTrend(3, 3).direction).toBe('level');
  });
});
