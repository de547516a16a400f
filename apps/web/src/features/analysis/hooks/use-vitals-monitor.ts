import { useQuery } from '@tanstack/react-query';
import type { Patient } from '@vigil/domain';
import { useEffect, useRef } from 'react';
import { toastError } from '@/lib/toast.ts';
import { getPatientAnalysisQueryOptions } from '../api/get-patient-analysis.ts';
import { vitalsAnalysisErrorMessage } from '../lib/monitor-errors.ts';
import { monitorRefresh } from '../lib/monitor-rules.ts';

/**
 * The monitor card's analysis: the patient's own, from the server (GET /api/patients/{id}/analysis,
 * the values that count), on mount and every `refreshMs` (spec point 4), also while the tab is hidden
 * so the card is current when looked at. Every failure toasts "Analysis Error" (spec point 8). A
 * rise into URGENT or CRITICAL is no longer a toast of its own: it is the server's alert, in the
 * alert bar and announced once as "<level> Alert" when raised (features/alerts, decision 021). Mount it
 * once per patient (key the card by patient id).
 */
export function useVitalsMonitor(patient: Patient) {
  const { ms: refreshMs, reason: refreshReason } = monitorRefresh(patient);
  const query = useQuery({
    ...getPatientAnalysisQueryOptions(patient.id),
    refetchInterval: refreshMs,
    refetchIntervalInBackground: true,
    refetchOnMount: 'always',
  });
  const { error, errorUpdatedAt } = query;

  const seenErrorAt = useRef(0);

  useEffect(() => {
    if (!error || errorUpdatedAt === seenErrorAt.current) return;
    seenErrorAt.current = errorUpdatedAt;
    toastError('Analysis Error', vitalsAnalysisErrorMessage(error));
  }, [error, errorUpdatedAt]);

  return { query, refreshMs, refreshReason, band: patient.news2.band };
}
