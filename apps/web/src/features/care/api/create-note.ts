import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Note, type NoteCreateInput } from '@vigil/domain';
import { timelineQueryKey } from '@/features/patients/api/query-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';
import type { MutationCallbacks } from '@/lib/mutation-callbacks.ts';
import { notesQueryKey } from './query-keys.ts';

/** POST /api/patients/{id}/notes (spec point 7: the body carries patientId and content). */
export async function createNote(patientId: number, content: string): Promise<Note> {
  const body: NoteCreateInput = { patientId, content };
  const res = await apiRequest('POST', `/api/patients/${patientId}/notes`, body);
  return Note.parse(await res.json());
}

/** Adds a note at the top of the list and refreshes the record's timeline. */
export function useCreateNote(patientId: number, callbacks: MutationCallbacks<Note> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => createNote(patientId, content),
    onSuccess: (note) => {
      queryClient.setQueryData<Note[]>(notesQueryKey(patientId), (list) => (list ? [note, ...list] : list));
      void queryClient.invalidateQueries({ queryKey: timelineQueryKey(patientId) });
      callbacks.onSuccess?.(note);
    },
    onError: callbacks.onError,
  });
}
