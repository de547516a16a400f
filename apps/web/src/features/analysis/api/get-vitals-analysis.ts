import { queryOptions } from '@tanstack/react-query';
import type { VitalsAnalysisInput } from '@vigil/domain';
import { analyzeVitals } from './analyze-vitals.ts';

/** Keyed by the vitals themselves: changed vitals are a new analysis, never a relabelled old one. */
export const vitalsAnalysisQueryKey = (input: VitalsAnalysisInput) =>
  ['/api/vitals/analysis', input] as const;

/**
 * POST /api/vitals/analysis for the monitor card: runs on every mount and repeats every
 * `refreshMs` (spec point 4), also while the tab is hidden so the card is current when looked at.
 */
export function getVitalsAnalysisQueryOptions(input: VitalsAnalysisInput, refreshMs: number) {
  return queryOptions({
    queryKey: vitalsAnalysisQueryKey(input),
    queryFn: ({ signal }) => analyzeVitals(input, signal),
    refetchInterval: refreshMs,
    refetchIntervalInBackground: true,
    refetchOnMount: 'always',
  });
}
