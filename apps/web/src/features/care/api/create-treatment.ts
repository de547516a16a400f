import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Treatment, type TreatmentCreateInput } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import type { MutationCallbacks } from '@/lib/mutation-callbacks.ts';
import { sortBySchedule } from './get-treatments.ts';
import { treatmentsQueryKey } from './query-keys.ts';

/** POST /api/patients/{id}/treatments. */
export async function createTreatment(patientId: number, input: TreatmentCreateInput): Promise<Treatment> {
  const res = await apiRequest('POST', `/api/patients/${patientId}/treatments`, input);
  return Treatment.parse(await res.json());
}

export function useCreateTreatment(patientId: number, callbacks: MutationCallbacks<Treatment> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TreatmentCreateInput) => createTreatment(patientId, input),
    onSuccess: (created) => {
      queryClient.setQueryData<Treatment[]>(treatmentsQueryKey(patientId), (list) =>
        list ? sortBySchedule([...list, created]) : list,
      );
      callbacks.onSuccess?.(created);
    },
    onError: callbacks.onError,
  });
}
