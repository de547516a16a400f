interface Window {
  lengthMs: number;
  limit: number;
  startedAtMs: number;
  used: number;
}

/**
 * WHOOP's per-app limits (100 a minute and 10,000 a day by default) in fixed windows that open at the first
 * request after the previous one closed, and the X-RateLimit-* headers WHOOP sends with them.
 */
export function createRateLimiter(perMinute: number, perDay: number, nowMs: () => number = Date.now) {
  const windows: Window[] = [
    { lengthMs: 60_000, limit: perMinute, startedAtMs: 0, used: 0 },
    { lengthMs: 86_400_000, limit: perDay, startedAtMs: 0, used: 0 },
  ];
  const limitHeader = `${perMinute}, ${perMinute};window=60, ${perDay};window=86400`;

  function roll(now: number) {
    for (const window of windows) {
      if (now >= window.startedAtMs + window.lengthMs) Object.assign(window, { startedAtMs: now, used: 0 });
    }
  }

  function headers(now: number): Record<string, string> {
    const remaining = Math.min(...windows.map((window) => window.limit - window.used));
    // The reset that matters is the window that is exhausted, else the minute.
    const binding = windows.find((window) => window.used >= window.limit) ?? windows[0]!;
    const resetSeconds = Math.ceil((binding.startedAtMs + binding.lengthMs - now) / 1000);
    return {
      'X-RateLimit-Limit': limitHeader,
      'X-RateLimit-Remaining': String(Math.max(0, remaining)),
      'X-RateLimit-Reset': String(resetSeconds),
    };
  }

  return {
    /** Counts one request if the limits allow it; the headers describe the state after it. */
    take(): { allowed: boolean; headers: Record<string, string> } {
      const now = nowMs();
      roll(now);
      const allowed = windows.every((window) => window.used < window.limit);
      if (allowed) for (const window of windows) window.used += 1;
      return { allowed, headers: headers(now) };
    },
    /** The headers as they stand, counting nothing. */
    peek(): Record<string, string> {
      const now = nowMs();
      roll(now);
      return headers(now);
    },
    reset() {
      for (const window of windows) Object.assign(window, { startedAtMs: 0, used: 0 });
    },
  };
}
