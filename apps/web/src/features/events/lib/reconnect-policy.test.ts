import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect-policy.ts';

describe('event stream reconnect policy', () => {
  it('backs off 2 s × 1.5ⁿ for five attempts, then stops', () => {
    expect([0, 1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([2000, 3000, 4500, 6750, 10125, null]);
  });
});
