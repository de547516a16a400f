import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { OutreachPatient, type TransferInput, TransferResult, Ward, WardLayout } from '@vigil/domain';
import { z } from 'zod';
import { PATIENTS_QUERY_KEY, patientQueryKey } from '@/features/patients/api/query-keys.ts';
import { apiRequest, HttpError } from '@/lib/api-client.ts';
import type { MutationCallbacks } from '@/lib/mutation-callbacks.ts';
import { wardsQueryKeys } from './query-keys.ts';

async function getJson<T>(schema: z.ZodType<T>, url: string, signal?: AbortSignal): Promise<T> {
  return schema.parse(await (await apiRequest('GET', url, undefined, { signal })).json());
}

/** GET /api/wards: the hospital's wards (a transfer may go to any of them). */
export function getWardsQueryOptions() {
  return queryOptions({
    queryKey: wardsQueryKeys.list(),
    queryFn: ({ signal }) => getJson(z.array(Ward), '/api/wards', signal),
    staleTime: 60_000,
  });
}

/**
 * GET /api/outreach/patients: every ward's patients at risk, overdue first. Kept current by the live
 * events (outreach-refresh.ts); read again each minute as observations fall due with time.
 */
export function getOutreachQueryOptions() {
  return queryOptions({
    queryKey: wardsQueryKeys.outreach(),
    queryFn: ({ signal }) => getJson(z.array(OutreachPatient), '/api/outreach/patients', signal),
    refetchInterval: 60_000,
  });
}

export interface FreeBed {
  id: number;
  label: string;
  bay: string;
}

/**
 * A ward's free beds, read from its layout (GET /api/ward/layout?ward=): only a ward the person sees
 * answers; another ward's answers 404, and the transfer then goes without a bed (that ward's nurse
 * gives her one), so null here rather than an error.
 */
export function getFreeBedsQueryOptions(wardId: number) {
  return queryOptions({
    queryKey: wardsQueryKeys.freeBeds(wardId),
    queryFn: async ({ signal }): Promise<FreeBed[] | null> => {
      try {
        const layout = await getJson(WardLayout, `/api/ward/layout?ward=${wardId}`, signal);
        return layout.bays.flatMap((bay) =>
          bay.beds.filter((bed) => bed.patientId === null).map((bed) => ({ ...bed, bay: bay.name })),
        );
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** POST /api/patients/:id/transfer: to another ward, into one of its free beds or none yet. */
export function useTransferPatient(patientId: number, callbacks: MutationCallbacks<TransferResult> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TransferInput) =>
      TransferResult.parse(
        await (await apiRequest('POST', `/api/patients/${patientId}/transfer`, input)).json(),
      ),
    onSuccess: (answer) => {
      callbacks.onSuccess?.(answer);
      // Her ward, bed and list; the live ward-changed refreshes boards and alert lists everywhere.
      void queryClient.invalidateQueries({ queryKey: PATIENTS_QUERY_KEY, exact: true });
      void queryClient.invalidateQueries({ queryKey: patientQueryKey(patientId) });
      void queryClient.invalidateQueries({ queryKey: wardsQueryKeys.all });
    },
    onError: callbacks.onError,
  });
}
