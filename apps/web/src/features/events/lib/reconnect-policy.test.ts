import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect-policy.ts';

describe('event stream reconnect policy', () => {
  it('backs off 2 s × 1.5ⁿ for the spec’s five attempts', () => {
    expect([0, 1, 2, 3, 4].map((n) => reconnectDelay(n))).toEqual([2000, 3000, 4500, 6750, 10125]);
  });

  it('then waits between 22.5 and 30 s, never giving up and never beyond 30 s', () => {
    for (const attempt of [5, 6, 50, 10_000]) {
      expect(reconnectDelay(attempt, () => 0)).toBe(30_000);
      expect(reconnectDelay(attempt, () => 0.5)).toBe(26_250);
      expect(reconnectDelay(attempt, () => 0.9999)).toBe(22_501);
    }
  });
});
