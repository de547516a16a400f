import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Medication, type MedicationCreateInput } from '@vigil/domain';
import { timelineQueryKey } from '@/features/patients/api/query-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';
import type { MutationCallbacks } from '@/lib/mutation-callbacks.ts';
import { medicationsQueryKey } from './query-keys.ts';

/** POST /api/patients/{id}/medications. */
export async function createMedication(patientId: number, input: MedicationCreateInput): Promise<Medication> {
  const res = await apiRequest('POST', `/api/patients/${patientId}/medications`, input);
  return Medication.parse(await res.json());
}

export function useCreateMedication(patientId: number, callbacks: MutationCallbacks<Medication> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MedicationCreateInput) => createMedication(patientId, input),
    onSuccess: (created) => {
      queryClient.setQueryData<Medication[]>(medicationsQueryKey(patientId), (list) =>
        list ? [...list, created] : list,
      );
      void queryClient.invalidateQueries({ queryKey: timelineQueryKey(patientId) });
      callbacks.onSuccess?.(created);
    },
    onError: callbacks.onError,
  });
}
