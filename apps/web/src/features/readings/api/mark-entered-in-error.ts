import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReadingCorrection, type ReadingCorrectionInput } from '@vigil/domain';
import { PATIENTS_QUERY_KEY, patientQueryKey } from '@/features/patients/api/query-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';
import type { MutationCallbacks } from '@/lib/mutation-callbacks.ts';
import { patientReadingsQueryKey, trendQueryKey } from './query-keys.ts';

/**
 * POST /api/patients/{id}/readings/{readingId}/entered-in-error: marks a person's observation wrong
 * (it leaves NEWS2 and the trend, stays in the history with who marked it), with its corrected
 * values when given. Every open screen hears of it from the live stream; these refetches cover this
 * page when the stream is down.
 */
export function useMarkEnteredInError(
  patientId: number,
  callbacks: MutationCallbacks<ReadingCorrection> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ readingId, input }: { readingId: number; input: ReadingCorrectionInput }) => {
      const url = `/api/patients/${patientId}/readings/${readingId}/entered-in-error`;
      return ReadingCorrection.parse(await (await apiRequest('POST', url, input)).json());
    },
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: patientQueryKey(patientId), exact: true });
      void queryClient.invalidateQueries({ queryKey: patientReadingsQueryKey(patientId) });
      void queryClient.invalidateQueries({ queryKey: trendQueryKey(patientId) });
      void queryClient.invalidateQueries({ queryKey: PATIENTS_QUERY_KEY, exact: true });
      callbacks.onSuccess?.(answer);
    },
  });
}
