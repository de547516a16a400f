import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { Handover, type HandoverInput, HandoverOverview } from '@vigil/domain';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { untilNextMoment } from '@/lib/time-moments.ts';
import { handoverQueryKeys, patientHandoversQueryKey } from './query-keys.ts';

/**
 * GET /api/handover?ward=: a ward's shift handed over to (by its shift times), the caller's drafts
 * and the handovers awaiting them.
 */
export function getHandoverOverviewQueryOptions(ward?: number) {
  return queryOptions({
    queryKey: handoverQueryKeys.overview(ward),
    queryFn: async ({ signal }) =>
      HandoverOverview.parse(
        await (
          await apiRequest(
            'GET',
            ward === undefined ? '/api/handover' : `/api/handover?ward=${ward}`,
            undefined,
            {
              signal,
            },
          )
        ).json(),
      ),
    // The server flags what is not accepted when the window ends, and the shift's end starts the
    // next: no event says so, so a screen open across either asks again then.
    refetchInterval: (query) => {
      const shift = query.state.data?.shift;
      return untilNextMoment([shift?.handoverEndsAt, shift?.endsAt], Date.now());
    },
  });
}

/** GET /api/patients/{id}/handovers: the patient's handovers, newest first. */
export function getPatientHandoversQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: patientHandoversQueryKey(patientId),
    queryFn: async ({ signal }) =>
      z
        .array(Handover)
        .parse(
          await (
            await apiRequest('GET', `/api/patients/${patientId}/handovers`, undefined, { signal })
          ).json(),
        ),
    // A handover still awaiting acceptance is flagged when its window ends: asked again then.
    refetchInterval: (query) =>
      untilNextMoment(
        (query.state.data ?? []).filter((h) => h.status === 'given').map((h) => h.handoverEndsAt),
        Date.now(),
      ),
  });
}

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return (handover: Handover) => {
    void queryClient.invalidateQueries({ queryKey: handoverQueryKeys.all });
    void queryClient.invalidateQueries({ queryKey: patientHandoversQueryKey(handover.patientId) });
  };
}

/** POST /api/handovers: the outgoing nurse gives one patient's handover. */
export function useGiveHandover() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async (input: HandoverInput) =>
      Handover.parse(await (await apiRequest('POST', '/api/handovers', input)).json()),
    onSuccess: refresh,
  });
}

/** POST /api/handovers/{id}/accept: the receiver's synthesis accepts the patient. */
export function useAcceptHandover() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async ({ id, synthesis }: { id: number; synthesis: string }) =>
      Handover.parse(await (await apiRequest('POST', `/api/handovers/${id}/accept`, { synthesis })).json()),
    onSuccess: refresh,
    // Accepted by someone else meanwhile (409): the list is out of date.
    onError: () => void queryClient.invalidateQueries({ queryKey: handoverQueryKeys.all }),
  });
}
