const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago an observation was made, short enough for a card: "just now", "5 min ago",
 * "3 h ago", "2 days ago". A time in the future (clock skew) reads "just now".
 */
export function formatRelativeTime(iso: string, nowMs: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return 'unknown';
  const ageMs = nowMs - then;
  if (ageMs < MINUTE_MS) return 'just now';
  if (ageMs < HOUR_MS) return `${Math.floor(ageMs / MINUTE_MS)} min ago`;
  if (ageMs < DAY_MS) return `${Math.floor(ageMs / HOUR_MS)} h ago`;
  const days = Math.floor(ageMs / DAY_MS);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}
