import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { BedMove, WardLayout, type WardLayoutInput, WardSettings } from '@vigil/domain';
import { PATIENTS_QUERY_KEY } from '@/features/patients/api/get-patients.ts';
import { apiRequest } from '@/lib/api-client.ts';
import type { MutationCallbacks } from '@/lib/mutation-callbacks.ts';
import { wardQueryKeys } from './ward-keys.ts';

/**
 * The ward's editing screens: the layout, the shift times, and a patient's bed (admit, move,
 * discharge). Each change also comes back as the live `ward-changed` event, which refreshes every
 * other screen; the screen that made it refreshes its own at once.
 */

// Under ['ward'] (a live ward-changed refreshes it), kept out of ward-keys.ts: the live events load
// that file on every page, the dashboard's too, and only this screen needs the layout.
const LAYOUT_QUERY_KEY = [...wardQueryKeys.all, 'layout'] as const;

/** GET /api/ward/layout: bays and beds with who lies in each. */
export function getWardLayoutQueryOptions() {
  return queryOptions({
    queryKey: LAYOUT_QUERY_KEY,
    queryFn: async ({ signal }) =>
      WardLayout.parse(await (await apiRequest('GET', '/api/ward/layout', undefined, { signal })).json()),
  });
}

function useWardMutation<I, T>(
  mutationFn: (input: I) => Promise<T>,
  callbacks: MutationCallbacks<T>,
  { patientsToo = false } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (saved) => {
      callbacks.onSuccess?.(saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: wardQueryKeys.all }),
        patientsToo && queryClient.invalidateQueries({ queryKey: PATIENTS_QUERY_KEY, exact: true }),
      ]);
    },
    onError: callbacks.onError,
  });
}

/** PUT /api/ward/layout: the whole layout (ids kept, new ones without, removed ones left out). */
export function useSaveWardLayout(callbacks: MutationCallbacks<WardLayout> = {}) {
  return useWardMutation(
    async (input: WardLayoutInput) =>
      WardLayout.parse(await (await apiRequest('PUT', '/api/ward/layout', input)).json()),
    callbacks,
  );
}

/** PUT /api/ward/settings: shifts, handover window and time zone (the body as the form built it). */
export function useSaveWardSettings(callbacks: MutationCallbacks<WardSettings> = {}) {
  return useWardMutation(
    async (input: unknown) =>
      WardSettings.parse(await (await apiRequest('PUT', '/api/ward/settings', input)).json()),
    callbacks,
  );
}

/** PUT /api/patients/{id}/bed: admits a patient without a bed to one, or moves them to another. */
export function usePlaceInBed(callbacks: MutationCallbacks<BedMove> = {}) {
  return useWardMutation(
    async ({ patientId, bedId }: { patientId: number; bedId: number }) =>
      BedMove.parse(await (await apiRequest('PUT', `/api/patients/${patientId}/bed`, { bedId })).json()),
    callbacks,
  );
}

/** POST /api/patients/{id}/discharge: frees the bed; the patient leaves the ward list. */
export function useDischargePatient(callbacks: MutationCallbacks<BedMove> = {}) {
  return useWardMutation(
    async (patientId: number) =>
      BedMove.parse(await (await apiRequest('POST', `/api/patients/${patientId}/discharge`)).json()),
    callbacks,
    { patientsToo: true },
  );
}
