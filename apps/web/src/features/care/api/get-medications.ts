import { queryOptions, useQuery } from '@tanstack/react-query';
import { Medication } from '@vigil/domain';
import { z } from 'zod';
import { getQueryFn } from '@/lib/api-client.ts';

export const medicationsQueryKey = (patientId: number) =>
  ['/api/patients', patientId, 'medications'] as const;

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/patients/{id}/medications. */
export function getMedicationsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: medicationsQueryKey(patientId),
    queryFn: async (context) => z.array(Medication).parse(await fetchJson(context)),
  });
}

export function useMedications(patientId: number) {
  return useQuery(getMedicationsQueryOptions(patientId));
}
