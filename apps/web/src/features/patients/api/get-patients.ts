import { queryOptions } from '@tanstack/react-query';
import { Patient } from '@vigil/domain';
import { z } from 'zod';
import { getJson } from '@/lib/api-client.ts';
import { PATIENTS_QUERY_KEY } from './query-keys.ts';

export { PATIENTS_QUERY_KEY } from './query-keys.ts';

/** GET /api/patients: every patient, Critical first then oxygen level descending (server order). */
export function getPatientsQueryOptions() {
  return queryOptions({
    queryKey: PATIENTS_QUERY_KEY,
    queryFn: async ({ signal }) => z.array(Patient).parse(await getJson('/api/patients', signal)),
  });
}
