import { queryOptions, useQuery } from '@tanstack/react-query';
import { ConfigResponse } from '@vigil/domain';
import { getJson } from './api-client.ts';

/** GET /api/config: which optional features this server has on (never secrets). Changes only on restart. */
export const serverConfigQueryOptions = queryOptions({
  queryKey: ['server-config'] as const,
  queryFn: async ({ signal }) => ConfigResponse.parse(await getJson('/api/config', signal)),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * Whether the server accepts simulated devices ("Use Demo Device"); undefined until it has said so.
 * A demo button that the server would refuse with 403 is not offered.
 */
export function useSimulationAvailable(): boolean | undefined {
  return useQuery(serverConfigQueryOptions).data?.features.simulation;
}
