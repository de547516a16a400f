import { queryOptions } from '@tanstack/react-query';
import { Patient } from '@vigil/domain';
import { getJson, HttpError } from '@/lib/api-client.ts';
import { patientQueryKey } from './query-keys.ts';

export { patientQueryKey } from './query-keys.ts';

/** GET /api/patients/{id}. Spec point 7: the one query that retries (twice), except on a 404. */
export function getPatientQueryOptions(id: number) {
  return queryOptions({
    queryKey: patientQueryKey(id),
    queryFn: async ({ signal }) => Patient.parse(await getJson(`/api/patients/${id}`, signal)),
    retry: (failureCount, error) => failureCount < 2 && !(error instanceof HttpError && error.status === 404),
  });
}
