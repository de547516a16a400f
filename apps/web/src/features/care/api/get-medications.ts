import { queryOptions, useQuery } from '@tanstack/react-query';
import { Medication } from '@vigil/domain';
import { z } from 'zod';
import { getJson } from '@/lib/api-client.ts';
import { medicationsQueryKey } from './query-keys.ts';

/** GET /api/patients/{id}/medications. */
export function getMedicationsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: medicationsQueryKey(patientId),
    queryFn: async ({ signal }) =>
      z.array(Medication).parse(await getJson(`/api/patients/${patientId}/medications`, signal)),
  });
}

export function useMedications(patientId: number) {
  return useQuery(getMedicationsQueryOptions(patientId));
}
