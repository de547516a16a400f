import { useQuery } from '@tanstack/react-query';
import type { Patient } from '@vigil/domain';
import { useEffect, useRef } from 'react';
import { alertTracker } from '@/lib/alert-tracker.ts';
import { toastError } from '@/lib/toast.ts';
import { vitalsAnalysisErrorMessage } from '../api/analyze-vitals.ts';
import { getVitalsAnalysisQueryOptions } from '../api/get-vitals-analysis.ts';
import { alertToastDescription, monitorInput, monitorRefresh, news2BandOf } from '../lib/monitor-rules.ts';

/**
 * The monitor card's analysis of a patient's vitals, with its toasts (spec point 8): every failure
 * toasts "Analysis Error"; a rise into URGENT or CRITICAL toasts "<level> Alert" once, not on every
 * refresh at the same level. Mount it once per patient (key the card by patient id).
 */
export function useVitalsMonitor(patient: Patient) {
  const { ms: refreshMs, reason: refreshReason } = monitorRefresh(patient);
  const query = useQuery(getVitalsAnalysisQueryOptions(monitorInput(patient), refreshMs));
  const { data, dataUpdatedAt, error, errorUpdatedAt } = query;

  const seenDataAt = useRef(0);
  const seenErrorAt = useRef(0);

  useEffect(() => {
    if (!data || dataUpdatedAt === seenDataAt.current) return;
    seenDataAt.current = dataUpdatedAt;
    // One tracker for the whole app: a rise seen here and on the live stream is announced once.
    if (alertTracker.shouldAnnounce(patient.id, data.alertLevel)) {
      toastError(`${data.alertLevel} Alert`, alertToastDescription(data.analysis));
    }
  }, [data, dataUpdatedAt, patient.id]);

  useEffect(() => {
    if (!error || errorUpdatedAt === seenErrorAt.current) return;
    seenErrorAt.current = errorUpdatedAt;
    toastError('Analysis Error', vitalsAnalysisErrorMessage(error));
  }, [error, errorUpdatedAt]);

  return { query, refreshMs, refreshReason, band: news2BandOf(patient) };
}
