import { queryOptions, useQuery } from '@tanstack/react-query';
import { Treatment } from '@vigil/domain';
import { z } from 'zod';
import { getQueryFn } from '@/lib/api-client.ts';

export const treatmentsQueryKey = (patientId: number) => ['/api/patients', patientId, 'treatments'] as const;

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/patients/{id}/treatments, ordered by scheduledFor. */
export function getTreatmentsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: treatmentsQueryKey(patientId),
    queryFn: async (context) => z.array(Treatment).parse(await fetchJson(context)),
  });
}

export function useTreatments(patientId: number) {
  return useQuery(getTreatmentsQueryOptions(patientId));
}

/** Keeps the list in the server's order (by scheduled time) after a local insert. */
export function sortBySchedule(treatments: Treatment[]): Treatment[] {
  return [...treatments].sort((a, b) => a.scheduledFor.localeCompare(b.scheduledFor) || a.id - b.id);
}
