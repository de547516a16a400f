import { useQuery } from '@tanstack/react-query';
import type { Patient } from '@vigil/domain';
import { getPatientAnalysisQueryOptions } from '../api/get-patient-analysis.ts';

/**
 * One card's analysis, keyed per patient (`['/api/patients', id, 'analysis']`), so cards share the
 * cache with the patient page and a re-mounted card (after a filter change) reuses its answer.
 * `enabled` holds the request back until the card nears the viewport.
 */
export function useCardAnalysis(patient: Patient, enabled: boolean) {
  return useQuery({ ...getPatientAnalysisQueryOptions(patient), enabled });
}
