import type { VitalReading } from '@vigil/domain';

/** The trend chart's window. */
export const READINGS_WINDOW_MS = 24 * 3_600_000;

/** Merges new readings into a cached window: by id, oldest first, older than the window dropped. */
export function mergeReadings(
  cached: VitalReading[] | undefined,
  incoming: VitalReading[],
  now = Date.now(),
) {
  const byId = new Map((cached ?? []).map((r) => [r.id, r]));
  for (const r of incoming) byId.set(r.id, r);
  const cutoff = now - READINGS_WINDOW_MS;
  return [...byId.values()]
    .filter((r) => Date.parse(r.readingTime) >= cutoff)
    .sort((a, b) => Date.parse(a.readingTime) - Date.parse(b.readingTime) || a.id - b.id);
}
