import { queryOptions, useQuery } from '@tanstack/react-query';
import { VitalWatchData, WearableConnection, WhoopStatus } from '@vigil/domain';
import { getQueryFn } from '@/lib/api-client.ts';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

export const WHOOP_STATUS_QUERY_KEY = ['/api/whoop/status'] as const;
export const wearableQueryKey = (patientId: number) => ['/api/patients', patientId, 'wearable'] as const;
export const vitalWatchDataQueryKey = (patientId: number) =>
  ['/api/patients', patientId, 'vital-watch-data'] as const;

/** Spec point 9: a connected vital watch is polled every 30 s. */
export const VITAL_WATCH_POLL_MS = 30_000;

/** GET /api/whoop/status: whether the server has the WHOOP integration configured. */
export function useWhoopStatus() {
  return useQuery(
    queryOptions({
      queryKey: WHOOP_STATUS_QUERY_KEY,
      queryFn: async (context) => WhoopStatus.parse(await fetchJson(context)),
    }),
  );
}

/** GET /api/patients/{id}/wearable: none, connected or "reconnect needed". */
export function useWearableConnection(patientId: number) {
  return useQuery(
    queryOptions({
      queryKey: wearableQueryKey(patientId),
      queryFn: async (context) => WearableConnection.parse(await fetchJson(context)),
    }),
  );
}

/** GET /api/patients/{id}/vital-watch-data while connected, every 30 s (our stored WHOOP data). */
export function useVitalWatchData(patientId: number, connected: boolean) {
  return useQuery(
    queryOptions({
      queryKey: vitalWatchDataQueryKey(patientId),
      queryFn: async (context) => VitalWatchData.parse(await fetchJson(context)),
      enabled: connected,
      refetchInterval: connected ? VITAL_WATCH_POLL_MS : false,
    }),
  );
}
