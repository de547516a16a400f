import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Patient, type PatientCreateInput } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import type { MutationCallbacks } from '@/lib/mutation-callbacks.ts';
import { patientQueryKey } from './get-patient.ts';
import { PATIENTS_QUERY_KEY } from './get-patients.ts';

/** POST /api/patients: admits a patient; answers 201 with the stored patient, 400 `{ error }` otherwise. */
export async function admitPatient(input: PatientCreateInput): Promise<Patient> {
  const res = await apiRequest('POST', '/api/patients', input);
  return Patient.parse(await res.json());
}

/**
 * Admits a patient, refreshes the ward list and primes the
 * patient's own query so opening the new card needs no extra round trip. Only the list is
 * invalidated (`exact`): an admission changes no other patient's record or analysis.
 */
export function useAdmitPatient(callbacks: MutationCallbacks<Patient> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: admitPatient,
    onSuccess: async (patient) => {
      queryClient.setQueryData(patientQueryKey(patient.id), patient);
      callbacks.onSuccess?.(patient);
      await queryClient.invalidateQueries({ queryKey: PATIENTS_QUERY_KEY, exact: true });
    },
    onError: callbacks.onError,
  });
}
