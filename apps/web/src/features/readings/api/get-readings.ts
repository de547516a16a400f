import { queryOptions } from '@tanstack/react-query';
import { ReadingsPage, type VitalReading } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';

/** The trend chart's window. */
export const READINGS_WINDOW_MS = 24 * 3_600_000;

export const patientReadingsQueryKey = (id: number) => ['/api/patients', id, 'readings'] as const;

/** The last 24 hours of a patient's readings, oldest first; live events append to it. */
export function getPatientReadingsQueryOptions(id: number) {
  return queryOptions({
    queryKey: patientReadingsQueryKey(id),
    queryFn: async ({ signal }): Promise<VitalReading[]> => {
      const since = new Date(Date.now() - READINGS_WINDOW_MS).toISOString();
      const url = `/api/patients/${id}/readings?limit=1000&since=${encodeURIComponent(since)}`;
      const page = ReadingsPage.parse(await (await apiRequest('GET', url, undefined, { signal })).json());
      return page.readings.reverse();
    },
  });
}

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
