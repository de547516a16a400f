import { queryOptions, useQuery } from '@tanstack/react-query';
import { VitalWatchData, WearableConnection, WhoopStatus } from '@vigil/domain';
import { getJson } from '@/lib/api-client.ts';
import { vitalWatchDataQueryKey, WHOOP_STATUS_QUERY_KEY, wearableQueryKey } from './query-keys.ts';

/** Spec point 9: a connected vital watch is polled every 30 s. */
export const VITAL_WATCH_POLL_MS = 30_000;

/** GET /api/whoop/status: whether the server has the WHOOP integration configured. */
export function useWhoopStatus() {
  return useQuery(
    queryOptions({
      queryKey: WHOOP_STATUS_QUERY_KEY,
      queryFn: async ({ signal }) => WhoopStatus.parse(await getJson('/api/whoop/status', signal)),
    }),
  );
}

/** GET /api/patients/{id}/wearable: none, connected or "reconnect needed". */
export function useWearableConnection(patientId: number) {
  return useQuery(
    queryOptions({
      queryKey: wearableQueryKey(patientId),
      queryFn: async ({ signal }) =>
        WearableConnection.parse(await getJson(`/api/patients/${patientId}/wearable`, signal)),
    }),
  );
}

/** GET /api/patients/{id}/vital-watch-data while connected, every 30 s (our stored WHOOP data). */
export function useVitalWatchData(patientId: number, connected: boolean) {
  return useQuery(
    queryOptions({
      queryKey: vitalWatchDataQueryKey(patientId),
      queryFn: async ({ signal }) =>
        VitalWatchData.parse(await getJson(`/api/patients/${patientId}/vital-watch-data`, signal)),
      enabled: connected,
      refetchInterval: connected ? VITAL_WATCH_POLL_MS : false,
    }),
  );
}
