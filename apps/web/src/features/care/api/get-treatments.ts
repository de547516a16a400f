import { queryOptions, useQuery } from '@tanstack/react-query';
import { Treatment } from '@vigil/domain';
import { z } from 'zod';
import { getJson } from '@/lib/api-client.ts';
import { treatmentsQueryKey } from './query-keys.ts';

/** GET /api/patients/{id}/treatments, ordered by scheduledFor. */
export function getTreatmentsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: treatmentsQueryKey(patientId),
    queryFn: async ({ signal }) =>
      z.array(Treatment).parse(await getJson(`/api/patients/${patientId}/treatments`, signal)),
  });
}

export function useTreatments(patientId: number) {
  return useQuery(getTreatmentsQueryOptions(patientId));
}

/** Keeps the list in the server's order (by scheduled time) after a local insert. */
export function sortBySchedule(treatments: Treatment[]): Treatment[] {
  return [...treatments].sort((a, b) => a.scheduledFor.localeCompare(b.scheduledFor) || a.id - b.id);
}
