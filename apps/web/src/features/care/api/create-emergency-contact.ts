import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EmergencyContact, type EmergencyContactCreateInput } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import type { MutationCallbacks } from '@/lib/mutation-callbacks.ts';
import { emergencyContactsQueryKey } from './query-keys.ts';

/** POST /api/patients/{id}/emergency-contacts. */
export async function createEmergencyContact(
  patientId: number,
  input: EmergencyContactCreateInput,
): Promise<EmergencyContact> {
  const res = await apiRequest('POST', `/api/patients/${patientId}/emergency-contacts`, input);
  return EmergencyContact.parse(await res.json());
}

export function useCreateEmergencyContact(
  patientId: number,
  callbacks: MutationCallbacks<EmergencyContact> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmergencyContactCreateInput) => createEmergencyContact(patientId, input),
    onSuccess: (created) => {
      queryClient.setQueryData<EmergencyContact[]>(emergencyContactsQueryKey(patientId), (list) =>
        list ? [...list, created] : list,
      );
      callbacks.onSuccess?.(created);
    },
    onError: callbacks.onError,
  });
}
