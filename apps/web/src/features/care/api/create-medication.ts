import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Medication, type MedicationCreateInput } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { medicationsQueryKey } from './get-medications.ts';

/** POST /api/patients/{id}/medications. */
export async function createMedication(patientId: number, input: MedicationCreateInput): Promise<Medication> {
  const res = await apiRequest('POST', `/api/patients/${patientId}/medications`, input);
  return Medication.parse(await res.json());
}

export function useCreateMedication(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MedicationCreateInput) => createMedication(patientId, input),
    onSuccess: (created) => {
      queryClient.setQueryData<Medication[]>(medicationsQueryKey(patientId), (list) =>
        list ? [...list, created] : list,
      );
      toastSuccess('Medication added', `${created.name} ${created.dosage}, ${created.frequency}`);
    },
    onError: (error) => toastError('Failed to add medication', describeError(error)),
  });
}
