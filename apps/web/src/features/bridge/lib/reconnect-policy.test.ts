import { describe, expect, it } from 'vitest';
import { bridgeReconnectDelay } from './reconnect-policy.ts';

describe('bridge reconnect policy', () => {
  it('waits 2 s × the attempt number for attempts 1–5, then gives up', () => {
    expect([1, 2, 3, 4, 5, 6].map(bridgeReconnectDelay)).toEqual([2000, 4000, 6000, 8000, 10000, null]);
  });

  it('has no attempt 0 or fractional attempts', () => {
    expect(bridgeReconnectDelay(0)).toBeNull();
    expect(bridgeReconnectDelay(1.5)).toBeNull();
  });
});
