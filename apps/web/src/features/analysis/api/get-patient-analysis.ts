import { queryOptions, useQuery } from '@tanstack/react-query';
import { AnalysisResult, type Patient } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import { analyzePatient } from '../lib/analysis-service.ts';

export const patientAnalysisQueryKey = (id: number) => ['/api/patients', id, 'analysis'] as const;

/**
 * GET /api/patients/{id}/analysis through the spec's service: always resolves, falling back to the
 * same NEWS2 rules computed locally when the server cannot answer. Keyed under the patient so that
 * invalidating a patient refreshes its analysis.
 */
export function getPatientAnalysisQueryOptions(patient: Patient) {
  return queryOptions({
    queryKey: patientAnalysisQueryKey(patient.id),
    queryFn: ({ signal }) =>
      analyzePatient(
        patient,
        async () =>
          (await apiRequest('GET', `/api/patients/${patient.id}/analysis`, undefined, { signal })).json(),
        (data) => AnalysisResult.parse(data),
      ),
  });
}

/**
 * A patient's analysis, keyed per patient (`['/api/patients', id, 'analysis']`), so dashboard cards
 * share the cache with the patient page and a re-mounted card (after a filter change) reuses its
 * answer. `enabled` holds the request back, e.g. until a card nears the viewport.
 */
export function usePatientAnalysis(patient: Patient, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPatientAnalysisQueryOptions(patient), enabled });
}

export type PatientAnalysisQuery = ReturnType<typeof usePatientAnalysis>;
