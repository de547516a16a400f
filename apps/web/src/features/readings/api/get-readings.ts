import { queryOptions } from '@tanstack/react-query';
import { ReadingsPage, type VitalReading } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import { patientReadingsQueryKey } from './query-keys.ts';
import { READINGS_WINDOW_MS } from './readings-window.ts';

export { patientReadingsQueryKey } from './query-keys.ts';
export { mergeReadings, READINGS_WINDOW_MS } from './readings-window.ts';

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
