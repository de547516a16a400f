import { queryOptions, useQuery } from '@tanstack/react-query';
import { AnalysisResult } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import { analyzePatient } from '../lib/analysis-service.ts';
import { patientAnalysisQueryKey } from './query-keys.ts';

export { patientAnalysisQueryKey } from './query-keys.ts';

/**
 * GET /api/patients/{id}/analysis, on the record only (the dashboard's cards word the NEWS2 the
 * patient list carries). Keyed under the patient so that invalidating a patient refreshes its
 * analysis; the AI Analysis card and the monitor card share the one answer.
 */
export function getPatientAnalysisQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: patientAnalysisQueryKey(patientId),
    queryFn: ({ signal }) =>
      analyzePatient(
        async () =>
          (await apiRequest('GET', `/api/patients/${patientId}/analysis`, undefined, { signal })).json(),
        (data) => AnalysisResult.parse(data),
      ),
  });
}

export function usePatientAnalysis(patientId: number) {
  return useQuery(getPatientAnalysisQueryOptions(patientId));
}
