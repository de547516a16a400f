import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DeviceReadingInput, DeviceReadingsResponse, type Patient } from '@vigil/domain';
import { PATIENTS_QUERY_KEY, patientQueryKey } from '@/features/patients/api/query-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';
import type { MutationCallbacks } from '@/lib/mutation-callbacks.ts';
import { patientReadingsQueryKey } from './get-readings.ts';

/**
 * POST /api/device-readings with one manual reading. The `Idempotency-Key` makes a retry (or a double
 * click) of the same recording store one reading: the server answers a repeat with the first answer.
 */
export async function recordObservations(
  reading: DeviceReadingInput,
  idempotencyKey: string,
): Promise<DeviceReadingsResponse> {
  const res = await apiRequest('POST', '/api/device-readings', reading, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return DeviceReadingsResponse.parse(await res.json());
}

/**
 * Records observations. Every open page (this one included) gets the new reading and vitals from the
 * live stream; the refetches here also cover this page when the stream is down. Errors are left to
 * the form, which shows the server's message.
 */
export function useRecordObservations(
  patient: Pick<Patient, 'id' | 'name'>,
  callbacks: MutationCallbacks<DeviceReadingsResponse> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reading, idempotencyKey }: { reading: DeviceReadingInput; idempotencyKey: string }) =>
      recordObservations(reading, idempotencyKey),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: patientQueryKey(patient.id), exact: true });
      void queryClient.invalidateQueries({ queryKey: patientReadingsQueryKey(patient.id) });
      void queryClient.invalidateQueries({ queryKey: PATIENTS_QUERY_KEY, exact: true });
      callbacks.onSuccess?.(answer);
    },
  });
}
