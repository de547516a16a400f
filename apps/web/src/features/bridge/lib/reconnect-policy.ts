/** Spec point 9: the bridge socket reconnects at most 5 times, waiting 2 s × the attempt number. */
export const BRIDGE_MAX_RECONNECTS = 5;
export const BRIDGE_RECONNECT_STEP_MS = 2000;

/** Delay before reconnect attempt `attempt` (1-based: 2 s, 4 s, … 10 s), or null when used up. */
export function bridgeReconnectDelay(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > BRIDGE_MAX_RECONNECTS) return null;
  return BRIDGE_RECONNECT_STEP_MS * attempt;
}
