import { queryOptions } from '@tanstack/react-query';
import { type Ward, WardMembership } from '@vigil/domain';
import { ACCOUNT_WARDS_QUERY_KEY } from './account-wards-key.ts';
import { getJson } from './api-client.ts';

/**
 * GET /api/account/wards: the wards the signed-in person sees (her own; every ward for the
 * hospital-wide), in the server's order: the first is the one a screen shows by default. One query
 * for every screen that asks (the ward pickers, the alerts page, the admission form, which asks which
 * ward when there are several): a fact of the account, like the server's configuration, so it lives
 * here and no feature reaches into another for it.
 */
export const accountWardsQueryOptions = queryOptions({
  queryKey: ACCOUNT_WARDS_QUERY_KEY,
  queryFn: async ({ signal }): Promise<Ward[]> =>
    WardMembership.parse(await getJson('/api/account/wards', signal)).wards,
  staleTime: 60_000,
});
