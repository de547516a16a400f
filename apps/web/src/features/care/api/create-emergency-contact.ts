import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EmergencyContact, type EmergencyContactCreateInput } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { emergencyContactsQueryKey } from './get-emergency-contacts.ts';

/** POST /api/patients/{id}/emergency-contacts. */
export async function createEmergencyContact(
  patientId: number,
  input: EmergencyContactCreateInput,
): Promise<EmergencyContact> {
  const res = await apiRequest('POST', `/api/patients/${patientId}/emergency-contacts`, input);
  return EmergencyContact.parse(await res.json());
}

export function useCreateEmergencyContact(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmergencyContactCreateInput) => createEmergencyContact(patientId, input),
    onSuccess: (created) => {
      queryClient.setQueryData<EmergencyContact[]>(emergencyContactsQueryKey(patientId), (list) =>
        list ? [...list, created] : list,
      );
      toastSuccess('Emergency contact added', `${created.name} (${created.relationship})`);
    },
    onError: (error) => toastError('Failed to add emergency contact', describeError(error)),
  });
}
