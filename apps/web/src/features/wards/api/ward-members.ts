import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { WardMembers, WardMembership } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import type { MutationCallbacks } from '@/lib/mutation-callbacks.ts';
import { wardsQueryKeys } from './query-keys.ts';

/** GET /api/wards/members (wards:manage): who works on which ward, with their role. */
export function getWardMembersQueryOptions() {
  return queryOptions({
    queryKey: wardsQueryKeys.members(),
    queryFn: async ({ signal }) =>
      WardMembers.parse(await (await apiRequest('GET', '/api/wards/members', undefined, { signal })).json()),
  });
}

/**
 * PUT /api/accounts/{id}/wards (wards:manage): every ward a person works on, replacing the list.
 * The server ends her open streams, so her screens read her new wards at once.
 */
export function useSetAccountWards(callbacks: MutationCallbacks<WardMembership> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, wardIds }: { userId: number; wardIds: number[] }) =>
      WardMembership.parse(
        await (await apiRequest('PUT', `/api/accounts/${userId}/wards`, { wardIds })).json(),
      ),
    onSuccess: (answer) => {
      callbacks.onSuccess?.(answer);
      void queryClient.invalidateQueries({ queryKey: wardsQueryKeys.members() });
      void queryClient.invalidateQueries({ queryKey: wardsQueryKeys.mine() });
    },
    onError: callbacks.onError,
  });
}
