import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { BedMove, WardLayout, type WardLayoutInput, WardSettings } from '@vigil/domain';
import { PATIENTS_QUERY_KEY } from '@/features/patients/api/get-patients.ts';
import { apiRequest } from '@/lib/api-client.ts';
import type { MutationCallbacks } from '@/lib/mutation-callbacks.ts';
import { wardQueryKeys, withWard } from './ward-keys.ts';

/**
 * The ward's editing screens: the layout, the shift times, and a patient's bed (admit, move,
 * discharge). Each change also comes back as the live `ward-changed` event, which refreshes every
 * other screen; the screen that made it refreshes its own at once.
 */

// Under ['ward'] (a live ward-changed refreshes it), kept out of ward-keys.ts: the live events load
// that file on every page, the dashboard's too, and only this screen needs the layout.
const LAYOUT_QUERY_KEY = [...wardQueryKeys.all, 'layout'] as const;

/** GET /api/ward/layout: a ward's bays and beds with who lies in each. */
export function getWardLayoutQueryOptions(ward?: number) {
  return queryOptions({
    queryKey: ward === undefined ? LAYOUT_QUERY_KEY : [...LAYOUT_QUERY_KEY, ward],
    queryFn: async ({ signal }) =>
      WardLayout.parse(
        await (await apiRequest('GET', withWard('/api/ward/layout', ward), undefined, { signal })).json(),
      ),
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
export function useSaveWardLayout(callbacks: MutationCallbacks<WardLayout> = {}, ward?: number) {
  return useWardMutation(
    async (input: WardLayoutInput) =>
      WardLayout.parse(await (await apiRequest('PUT', withWard('/api/ward/layout', ward), input)).json()),
    callbacks,
  );
}

/** PUT /api/ward/settings: a ward's shifts, handover window and time zone (the body as the form built it). */
export function useSaveWardSettings(callbacks: MutationCallbacks<WardSettings> = {}, ward?: number) {
  return useWardMutation(
    async (input: unknown) =>
      WardSettings.parse(await (await apiRequest('PUT', withWard('/api/ward/settings', ward), input)).json()),
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
