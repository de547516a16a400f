import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Medication, type MedicationUpdateInput } from '@vigil/domain';
import { timelineQueryKey } from '@/features/patients/api/query-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';
import type { MutationCallbacks } from '@/lib/mutation-callbacks.ts';
import { medicationsQueryKey } from './query-keys.ts';

/** PATCH /api/medications/{id}. */
export async function updateMedication(id: number, input: MedicationUpdateInput): Promise<Medication> {
  const res = await apiRequest('PATCH', `/api/medications/${id}`, input);
  return Medication.parse(await res.json());
}

type Variables = { id: number; alertEnabled: boolean };

function setAlert(list: Medication[] | undefined, id: number, alertEnabled: boolean) {
  return list?.map((m) => (m.id === id ? { ...m, alertEnabled } : m));
}

/** The bell toggle: flips at once, is saved on the server, and flips back if saving fails. */
export function useToggleMedicationAlert(patientId: number, callbacks: MutationCallbacks<Medication> = {}) {
  const queryClient = useQueryClient();
  const key = medicationsQueryKey(patientId);
  return useMutation({
    mutationFn: ({ id, alertEnabled }: Variables) => updateMedication(id, { alertEnabled }),
    onMutate: async ({ id, alertEnabled }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Medication[]>(key, (list) => setAlert(list, id, alertEnabled));
    },
    onError: (error, { id, alertEnabled }) => {
      queryClient.setQueryData<Medication[]>(key, (list) => setAlert(list, id, !alertEnabled));
      callbacks.onError?.(error);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<Medication[]>(key, (list) =>
        list?.map((m) => (m.id === saved.id ? saved : m)),
      );
      // The change is in the patient's history.
      void queryClient.invalidateQueries({ queryKey: timelineQueryKey(patientId) });
    },
  });
}
