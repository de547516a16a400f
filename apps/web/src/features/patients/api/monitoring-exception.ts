import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MonitoringExceptionInput, Patient } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import { patientQueryKey } from './get-patient.ts';
import { PATIENTS_QUERY_KEY } from './get-patients.ts';
import { timelineQueryKey } from './get-timeline.ts';

/**
 * PUT / DELETE /api/patients/{id}/monitoring-exception: why observations are not taken (declined,
 * asleep, end-of-life care, other) until a review time; audited; the answer is the patient with
 * its schedule moved.
 */
export function useMonitoringException(patientId: number) {
  const queryClient = useQueryClient();
  const onSuccess = (patient: Patient) => {
    queryClient.setQueryData(patientQueryKey(patientId), patient);
    void queryClient.invalidateQueries({ queryKey: PATIENTS_QUERY_KEY, exact: true });
    void queryClient.invalidateQueries({ queryKey: timelineQueryKey(patientId) });
  };
  const record = useMutation({
    mutationFn: async (input: MonitoringExceptionInput) =>
      Patient.parse(
        await (await apiRequest('PUT', `/api/patients/${patientId}/monitoring-exception`, input)).json(),
      ),
    onSuccess,
  });
  const end = useMutation({
    mutationFn: async () =>
      Patient.parse(
        await (await apiRequest('DELETE', `/api/patients/${patientId}/monitoring-exception`)).json(),
      ),
    onSuccess,
  });
  return { record, end };
}
