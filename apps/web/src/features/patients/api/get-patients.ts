import { queryOptions } from '@tanstack/react-query';
import { Patient } from '@vigil/domain';
import { z } from 'zod';
import { getQueryFn } from '@/lib/api-client.ts';

export const PATIENTS_QUERY_KEY = ['/api/patients'] as const;

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/patients: every patient, Critical first then oxygen level descending (server order). */
export function getPatientsQueryOptions() {
  return queryOptions({
    queryKey: PATIENTS_QUERY_KEY,
    queryFn: async (context) => z.array(Patient).parse(await fetchJson(context)),
  });
}
