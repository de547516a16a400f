import { queryOptions, useQuery } from '@tanstack/react-query';
import { Note } from '@vigil/domain';
import { z } from 'zod';
import { getQueryFn } from '@/lib/api-client.ts';

export const notesQueryKey = (patientId: number) => ['/api/patients', patientId, 'notes'] as const;

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/patients/{id}/notes, newest first. */
export function getNotesQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: notesQueryKey(patientId),
    queryFn: async (context) => z.array(Note).parse(await fetchJson(context)),
  });
}

export function useNotes(patientId: number) {
  return useQuery(getNotesQueryOptions(patientId));
}
