/** How long after a moment the server is asked again: its clock may be a little behind ours. */
export const MOMENT_SLACK_MS = 1_000;
/** After a moment passes, the answer is checked this often for a while, in case ours ran ahead. */
export const MOMENT_RECHECK_MS = 5_000;
export const MOMENT_RECHECK_FOR_MS = 30_000;

/**
 * When to ask the server again for an answer that changes by time alone at the given moments (ISO
 * times: a handover window's end flags what is not accepted by then, a shift's end starts the next):
 * a query's `refetchInterval`. The milliseconds until a second after the next moment ahead; every
 * 5 s for 30 s after one has passed (a screen whose clock runs ahead of the server's asked too
 * early); false when none is near or ahead.
 */
export function untilNextMoment(moments: readonly (string | undefined)[], nowMs: number): number | false {
  const times = moments.flatMap((moment) => (moment ? [Date.parse(moment)] : [])).filter(Number.isFinite);
  if (times.some((t) => t <= nowMs && nowMs - t < MOMENT_RECHECK_FOR_MS)) return MOMENT_RECHECK_MS;
  const ahead = times.filter((t) => t > nowMs);
  if (ahead.length === 0) return false;
  return Math.min(...ahead) - nowMs + MOMENT_SLACK_MS;
}
