import { queryOptions, useQuery } from '@tanstack/react-query';
import { ConfigResponse } from '@vigil/domain';
import { getQueryFn } from './api-client.ts';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/config: which optional features this server has on (never secrets). Changes only on restart. */
export const serverConfigQueryOptions = queryOptions({
  queryKey: ['/api/config'] as const,
  queryFn: async (context) => ConfigResponse.parse(await fetchJson(context)),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * Whether the server accepts simulated devices ("Use Demo Device"); undefined until it has said so.
 * A demo button that the server would refuse with 403 is not offered.
 */
export function useSimulationAvailable(): boolean | undefined {
  return useQuery(serverConfigQueryOptions).data?.features.simulation;
}
