/**
 * When the event stream tries again after it drops. Spec point 4/9: five attempts, base 2 s, factor
 * 1.5 (2, 3, 4.5, 6.75 and 10.125 s apart). The spec then stops; a ward screen must not stay out of
 * date until someone clicks, so after those five it keeps trying, about every 30 s (decision 022).
 */
export const SPEC_RECONNECTS = 5;
export const RECONNECT_BASE_MS = 2000;
export const RECONNECT_FACTOR = 1.5;
/** The longest wait between two attempts once the spec's five are used up. */
export const RECONNECT_CAP_MS = 30_000;
/**
 * Up to this share of the cap is taken off at random, so the screens of a ward that lost the same
 * server do not all come back in the same instant; never added, so the cap stays a promise.
 */
export const RECONNECT_JITTER = 0.25;

/**
 * Delay before reconnect attempt `attempt` (0-based): the spec's 2 s × 1.5ⁿ for the first five,
 * then between 22.5 and 30 s (`random` in [0, 1) picks where), for ever.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  if (attempt < SPEC_RECONNECTS) return RECONNECT_BASE_MS * RECONNECT_FACTOR ** attempt;
  return Math.round(RECONNECT_CAP_MS * (1 - RECONNECT_JITTER * random()));
}
