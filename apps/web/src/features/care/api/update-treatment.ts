import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Treatment, type TreatmentUpdateInput } from '@vigil/domain';
import { timelineQueryKey } from '@/features/patients/api/query-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';
import type { MutationCallbacks } from '@/lib/mutation-callbacks.ts';
import { treatmentsQueryKey } from './query-keys.ts';

/** PATCH /api/treatments/{id}. */
export async function updateTreatment(id: number, input: TreatmentUpdateInput): Promise<Treatment> {
  const res = await apiRequest('PATCH', `/api/treatments/${id}`, input);
  return Treatment.parse(await res.json());
}

type Variables = { id: number; completed: boolean };

function setCompleted(list: Treatment[] | undefined, id: number, completed: boolean) {
  return list?.map((t) => (t.id === id ? { ...t, completed } : t));
}

/**
 * Toggles a treatment's completion (spec point 4). The checkbox flips at once; a failure puts this
 * one row back (not the whole list, so a concurrent toggle of another row survives).
 */
export function useToggleTreatment(patientId: number, callbacks: MutationCallbacks<Treatment> = {}) {
  const queryClient = useQueryClient();
  const key = treatmentsQueryKey(patientId);

  return useMutation({
    mutationFn: ({ id, completed }: Variables) => updateTreatment(id, { completed }),
    onMutate: async ({ id, completed }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Treatment[]>(key, (list) => setCompleted(list, id, completed));
    },
    onError: (error, { id, completed }) => {
      queryClient.setQueryData<Treatment[]>(key, (list) => setCompleted(list, id, !completed));
      callbacks.onError?.(error);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<Treatment[]>(key, (list) => list?.map((t) => (t.id === saved.id ? saved : t)));
      callbacks.onSuccess?.(saved);
    },
    // A completed treatment is a timeline entry.
    onSettled: () => queryClient.invalidateQueries({ queryKey: timelineQueryKey(patientId) }),
  });
}
