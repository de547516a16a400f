import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Note, type NoteCreateInput } from '@vigil/domain';
import { timelineQueryKey } from '@/features/patients/api/get-timeline.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { notesQueryKey } from './get-notes.ts';

/** POST /api/patients/{id}/notes (spec point 7: the body carries patientId and content). */
export async function createNote(patientId: number, content: string): Promise<Note> {
  const body: NoteCreateInput = { patientId, content };
  const res = await apiRequest('POST', `/api/patients/${patientId}/notes`, body);
  return Note.parse(await res.json());
}

/** Spec point 8: "Note added successfully" / "The patient note has been saved.", or "Failed to add note". */
export function useCreateNote(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => createNote(patientId, content),
    onSuccess: (note) => {
      queryClient.setQueryData<Note[]>(notesQueryKey(patientId), (list) => (list ? [note, ...list] : list));
      void queryClient.invalidateQueries({ queryKey: timelineQueryKey(patientId) });
      toastSuccess('Note added successfully', 'The patient note has been saved.');
    },
    onError: (error) => toastError('Failed to add note', describeError(error)),
  });
}
