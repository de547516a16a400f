import { GattTimeoutError } from './bluetooth-errors.ts';

export type Sleep = (ms: number) => Promise<void>;
export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it succeeds: once, then once after each wait (spec point 9: 3 attempts,
 * waiting 1 s then 2 s). A cancellation (AbortError) is not retried. Rejects with the last error.
 */
export async function withRetries<T>(
  attempt: (index: number) => Promise<T>,
  waitsMs: readonly number[],
  wait: Sleep = sleep,
): Promise<T> {
  for (let index = 0; ; index++) {
    try {
      return await attempt(index);
    } catch (error) {
      const isCancelled = error instanceof Error && error.name === 'AbortError';
      if (isCancelled || index >= waitsMs.length) throw error;
      await wait(waitsMs[index]!);
    }
  }
}

/** `promise`, or a GattTimeoutError after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GattTimeoutError(`No answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** How long the batcher waits before resending a failed request: 2 s doubling, at most 30 s. */
export function resendDelayMs(failures: number): number {
  return Math.min(30_000, 2_000 * 2 ** Math.max(0, failures - 1));
}
