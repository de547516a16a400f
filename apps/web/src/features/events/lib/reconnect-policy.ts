/** Spec point 4/9: the event stream reconnects at most 5 times, base 2 s, factor 1.5. */
export const MAX_RECONNECTS = 5;
export const RECONNECT_BASE_MS = 2000;
export const RECONNECT_FACTOR = 1.5;

/** Delay before reconnect attempt `attempt` (0-based), or null when attempts are used up. */
export function reconnectDelay(attempt: number): number | null {
  if (attempt >= MAX_RECONNECTS) return null;
  return RECONNECT_BASE_MS * RECONNECT_FACTOR ** attempt;
}
