import { queryOptions, useQuery } from '@tanstack/react-query';
import { Note } from '@vigil/domain';
import { z } from 'zod';
import { getJson } from '@/lib/api-client.ts';
import { notesQueryKey } from './query-keys.ts';

/** GET /api/patients/{id}/notes, newest first. */
export function getNotesQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: notesQueryKey(patientId),
    queryFn: async ({ signal }) =>
      z.array(Note).parse(await getJson(`/api/patients/${patientId}/notes`, signal)),
  });
}

export function useNotes(patientId: number) {
  return useQuery(getNotesQueryOptions(patientId));
}
