/** Never stale sooner than this: one missed beat of a 1 Hz heart-rate strap is not silence. */
const MIN_STALE_MS = 5_000;
const MAX_STALE_MS = 10 * 60_000;
/** Until the cadence is known (one value so far), assume the common 1 Hz of heart-rate straps. */
const ASSUMED_GAP_MS = 1_000;

/**
 * How long a streaming device may be silent before its values are no longer current: three of its
 * usual gaps between values (Home Assistant marks a device unavailable the same way), within
 * 5 s – 10 min.
 */
export function staleAfterMs(typicalGapMs: number | null): number {
  const gap = typicalGapMs ?? ASSUMED_GAP_MS;
  return Math.min(MAX_STALE_MS, Math.max(MIN_STALE_MS, 3 * gap));
}
