import type { VitalReading } from '@vigil/domain';

/** Readings the record keeps of a patient's latest (the readings table, and the trend's newest points). */
export const LATEST_READINGS = 50;

/**
 * Merges new readings into the cached latest readings: by id (a reading marked entered in error
 * replaces its earlier copy), oldest first, the newest {@link LATEST_READINGS} kept.
 */
export function mergeReadings(cached: VitalReading[] | undefined, incoming: VitalReading[]) {
  const byId = new Map((cached ?? []).map((r) => [r.id, r]));
  for (const r of incoming) byId.set(r.id, r);
  return [...byId.values()]
    .sort((a, b) => Date.parse(a.readingTime) - Date.parse(b.readingTime) || a.id - b.id)
    .slice(-LATEST_READINGS);
}
