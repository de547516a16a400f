import { describe, expect, it } from 'vitest';
import { GATT_CONNECT_WAITS_MS, RECONNECT_WAITS_MS } from './bluetooth-constants.ts';
import { resendDelayMs, withRetries } from './retry.ts';

describe('withRetries (GATT connect, spec point 9)', () => {
  it('tries 3 times, waiting 1 s then 2 s, and rejects with the last error', async () => {
    const waits: number[] = [];
    let attempts = 0;
    const failing = withRetries(
      async () => {
        attempts++;
        throw new Error(`attempt ${attempts}`);
      },
      GATT_CONNECT_WAITS_MS,
      async (ms) => {
        waits.push(ms);
      },
    );
    await expect(failing).rejects.toThrow('attempt 3');
    expect(attempts).toBe(3);
    expect(waits).toEqual([1_000, 2_000]);
  });

  it('stops at the first success', async () => {
    const waits: number[] = [];
    const result = await withRetries(
      async (index) => {
        if (index === 0) throw new Error('NetworkError');
        return 'connected';
      },
      GATT_CONNECT_WAITS_MS,
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(result).toBe('connected');
    expect(waits).toEqual([1_000]);
  });

  it('does not retry a cancellation', async () => {
    let attempts = 0;
    const cancelled = withRetries(
      async () => {
        attempts++;
        throw new DOMException('cancelled', 'AbortError');
      },
      GATT_CONNECT_WAITS_MS,
      async () => {},
    );
    await expect(cancelled).rejects.toThrow('cancelled');
    expect(attempts).toBe(1);
  });
});

describe('backoff', () => {
  it('reconnects after 1, 2, 4, 8 and 16 s, then gives up', () => {
    expect([...RECONNECT_WAITS_MS]).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
  });

  it('resends failed readings after 2 s doubling, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(resendDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
