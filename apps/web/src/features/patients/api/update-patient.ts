import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Patient, type PatientUpdateInput } from '@vigil/domain';
import { patientAnalysisQueryKey } from '@/features/analysis/api/query-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';
import type { MutationCallbacks } from '@/lib/mutation-callbacks.ts';
import { patientQueryKey } from './get-patient.ts';
import { PATIENTS_QUERY_KEY } from './get-patients.ts';
import { timelineQueryKey } from './get-timeline.ts';

/** PATCH /api/patients/{id}. */
export async function updatePatient(patientId: number, input: PatientUpdateInput): Promise<Patient> {
  const res = await apiRequest('PATCH', `/api/patients/${patientId}`, input);
  return Patient.parse(await res.json());
}

/**
 * Saves the edit-patient form. The answer replaces the cached patient; its analysis, timeline and
 * the dashboard list are refetched. Errors are left to the form, which shows the server's message.
 */
export function useUpdatePatient(patientId: number, callbacks: MutationCallbacks<Patient> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PatientUpdateInput) => updatePatient(patientId, input),
    onSuccess: (patient) => {
      queryClient.setQueryData(patientQueryKey(patientId), patient);
      void queryClient.invalidateQueries({ queryKey: patientAnalysisQueryKey(patientId) });
      void queryClient.invalidateQueries({ queryKey: timelineQueryKey(patientId) });
      void queryClient.invalidateQueries({ queryKey: PATIENTS_QUERY_KEY, exact: true });
      callbacks.onSuccess?.(patient);
    },
  });
}
