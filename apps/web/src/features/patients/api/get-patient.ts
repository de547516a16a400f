import { queryOptions } from '@tanstack/react-query';
import { Patient } from '@vigil/domain';
import { getQueryFn } from '@/lib/api-client.ts';
import { patientQueryKey } from './query-keys.ts';

export { patientQueryKey } from './query-keys.ts';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/patients/{id}. Spec point 7: the one query that retries (twice), except on a 404. */
export function getPatientQueryOptions(id: number) {
  return queryOptions({
    queryKey: patientQueryKey(id),
    queryFn: async (context) => Patient.parse(await fetchJson(context)),
    retry: (failureCount, error) =>
      failureCount < 2 && !(error instanceof Error && error.message.startsWith('404:')),
  });
}
