export interface Backoff {
  /** The next wait: doubling from the base, capped, with jitter so bridges do not retry in step. */
  next(): number;
  reset(): void;
}

export function createBackoff(options: { baseMs: number; maxMs: number; random: () => number }): Backoff {
  let attempt = 0;
  return {
    next() {
      const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(attempt, 30));
      attempt++;
      // "Equal jitter": at least half the ceiling, so a retry storm cannot come back at once.
      return Math.round(ceiling / 2 + options.random() * (ceiling / 2));
    },
    reset() {
      attempt = 0;
    },
  };
}
