import { queryOptions } from '@tanstack/react-query';
import { type Ward, WardMembership } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import { wardsQueryKeys } from './query-keys.ts';

/**
 * GET /api/account/wards: the wards the signed-in person sees (her own; every ward for the
 * hospital-wide), in the server's order: the first is the one a screen shows by default.
 */
export function getMyWardsQueryOptions() {
  return queryOptions({
    queryKey: wardsQueryKeys.mine(),
    queryFn: async ({ signal }): Promise<Ward[]> =>
      WardMembership.parse(
        await (await apiRequest('GET', '/api/account/wards', undefined, { signal })).json(),
      ).wards,
    staleTime: 60_000,
  });
}
