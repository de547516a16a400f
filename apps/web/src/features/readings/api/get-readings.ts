import { queryOptions } from '@tanstack/react-query';
import { ReadingsPage, type VitalReading } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import { patientReadingsQueryKey } from './query-keys.ts';
import { LATEST_READINGS } from './readings-window.ts';

export { patientReadingsQueryKey } from './query-keys.ts';
export { LATEST_READINGS, mergeReadings } from './readings-window.ts';

/**
 * The patient's latest readings, newest last (the history's first page: what the readings table
 * lists, entered-in-error ones with them); live events add to it.
 */
export function getPatientReadingsQueryOptions(id: number) {
  return queryOptions({
    queryKey: patientReadingsQueryKey(id),
    queryFn: async ({ signal }): Promise<VitalReading[]> => {
      const url = `/api/patients/${id}/readings?limit=${LATEST_READINGS}`;
      const page = ReadingsPage.parse(await (await apiRequest('GET', url, undefined, { signal })).json());
      return page.readings.reverse();
    },
  });
}
