import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConnectVitalWatchResponse, VitalWatchData, WearableConnection } from '@vigil/domain';
import { patientQueryKey } from '@/features/patients/api/query-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { vitalWatchDataQueryKey, wearableQueryKey } from './query-keys.ts';

/** POST /api/patients/{id}/connect-vital-watch: where to send the browser (WHOOP's consent page). */
export async function startWhoopConnection(patientId: number): Promise<string> {
  const res = await apiRequest('POST', `/api/patients/${patientId}/connect-vital-watch`, {
    watchType: 'whoop',
  });
  return ConnectVitalWatchResponse.parse(await res.json()).authUrl;
}

/** Starts the authorization; on success the browser leaves for WHOOP. */
export function useConnectWhoop(patientId: number, go: (url: string) => void) {
  return useMutation({
    mutationFn: () => startWhoopConnection(patientId),
    onSuccess: (authUrl) => go(authUrl),
  });
}

/** POST …/vital-watch-data/refresh: the server polls WHOOP now and answers the data it then has. */
export function useRefreshVitalWatchData(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      VitalWatchData.parse(
        await (await apiRequest('POST', `/api/patients/${patientId}/vital-watch-data/refresh`)).json(),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: wearableQueryKey(patientId) });
      void queryClient.invalidateQueries({ queryKey: vitalWatchDataQueryKey(patientId) });
    },
  });
}

/** DELETE /api/patients/{id}/vital-watch: WHOOP revokes the authorization, the server wipes the tokens. */
export function useDisconnectWhoop(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      WearableConnection.parse(
        await (await apiRequest('DELETE', `/api/patients/${patientId}/vital-watch`)).json(),
      ),
    onSuccess: (connection) => {
      queryClient.setQueryData(wearableQueryKey(patientId), connection);
      queryClient.removeQueries({ queryKey: vitalWatchDataQueryKey(patientId) });
      void queryClient.invalidateQueries({ queryKey: patientQueryKey(patientId) });
    },
  });
}
