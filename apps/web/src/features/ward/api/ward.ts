import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { Assignments, WardBoard, WardSettings, WardStaffMember } from '@vigil/domain';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { untilNextMoment } from '@/lib/time-moments.ts';

import { wardQueryKeys, withWard } from './ward-keys.ts';

export { getAssignmentsQueryOptions } from './assignments.ts';

async function getJson<T>(schema: z.ZodType<T>, url: string, signal?: AbortSignal): Promise<T> {
  return schema.parse(await (await apiRequest('GET', url, undefined, { signal })).json());
}

/** How often the board counts again when nothing else says so: its overdue observations. */
export const BOARD_REFRESH_MS = 60_000;

/** GET /api/ward/board: bays, beds, who looks after whom this shift, and the ward's figures. */
export function getWardBoardQueryOptions(ward?: number) {
  return queryOptions({
    queryKey: wardQueryKeys.board(ward),
    queryFn: ({ signal }) => getJson(WardBoard, withWard('/api/ward/board', ward), signal),
    // Overdue observations become overdue with time, not with an event: counted again each minute;
    // and at once when the handover window ends (its flagged handovers) or the shift does.
    refetchInterval: (query) => {
      const shift = query.state.data?.shift;
      const next = untilNextMoment([shift?.handoverEndsAt, shift?.endsAt], Date.now());
      return next === false ? BOARD_REFRESH_MS : Math.min(next, BOARD_REFRESH_MS);
    },
  });
}

/** GET /api/ward/staff: the ward's active clinical staff, whom a nurse in charge may assign (ward:assign). */
export function getWardStaffQueryOptions(ward?: number) {
  return queryOptions({
    queryKey: wardQueryKeys.staff(ward),
    queryFn: ({ signal }) => getJson(z.array(WardStaffMember), withWard('/api/ward/staff', ward), signal),
    staleTime: 60_000,
  });
}

/** GET /api/ward/settings: a ward's shift times, handover window and time zone. */
export function getWardSettingsQueryOptions(ward?: number) {
  return queryOptions({
    queryKey: wardQueryKeys.settings(ward),
    queryFn: ({ signal }) => getJson(WardSettings, withWard('/api/ward/settings', ward), signal),
  });
}

/** PUT /api/ward/assignments/{shiftKey}/{patientId}: a nurse, or null to leave the patient unassigned. */
export function useAssignNurse(shift: 'current' | 'next', ward?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { shiftKey: string; patientId: number; nurseId: number | null }) => {
      // The key's slash stays a path separator: the route is /:shiftDate/:shiftName/:patientId.
      const url = `/api/ward/assignments/${input.shiftKey}/${input.patientId}`;
      return Assignments.parse(await (await apiRequest('PUT', url, { nurseId: input.nurseId })).json());
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(wardQueryKeys.assignments(shift, ward), answer);
      void queryClient.invalidateQueries({ queryKey: wardQueryKeys.board(ward) });
    },
  });
}
