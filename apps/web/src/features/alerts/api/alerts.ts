import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { Alert, AlertSettings, AlertStats } from '@vigil/domain';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { type AlertsFilter, alertsQueryKeys } from './query-keys.ts';

/**
 * The alerts API (decision 021): lists with filters, acknowledgement, the ward's figures and
 * settings. Query keys are semantic, under ['alerts'], so one live `alert-changed` reaches them all.
 */

export function alertsSearch(filter: AlertsFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const AlertList = z.array(Alert);

/** GET /api/alerts with a filter (newest first). */
export function getAlertsQueryOptions(filter: AlertsFilter) {
  return queryOptions({
    queryKey: alertsQueryKeys.list(filter),
    queryFn: async ({ signal }) =>
      AlertList.parse(
        await (await apiRequest('GET', `/api/alerts${alertsSearch(filter)}`, undefined, { signal })).json(),
      ),
    placeholderData: keepPreviousData,
  });
}

/** The ward's open alerts (pending, active, acknowledged): the alert bar's. */
export function getOpenAlertsQueryOptions() {
  return queryOptions({
    queryKey: alertsQueryKeys.open(),
    queryFn: async ({ signal }) =>
      AlertList.parse(
        await (await apiRequest('GET', '/api/alerts?state=open', undefined, { signal })).json(),
      ),
  });
}

/** GET /api/alerts/stats: alarm fatigue, measured (the server's window). */
export function getAlertStatsQueryOptions() {
  return queryOptions({
    queryKey: alertsQueryKeys.stats(),
    queryFn: async ({ signal }) =>
      AlertStats.parse(await (await apiRequest('GET', '/api/alerts/stats', undefined, { signal })).json()),
  });
}

const settingsUrl = (ward: number | undefined) =>
  ward === undefined ? '/api/alert-settings' : `/api/alert-settings?ward=${ward}`;

/** GET /api/alert-settings?ward=: a ward's acknowledgement deadlines (each ward its own). */
export function getAlertSettingsQueryOptions(ward?: number) {
  return queryOptions({
    queryKey: alertsQueryKeys.settings(ward),
    queryFn: async ({ signal }) =>
      AlertSettings.parse(await (await apiRequest('GET', settingsUrl(ward), undefined, { signal })).json()),
  });
}

const isOpen = (alert: Alert) => alert.state !== 'resolved';

/**
 * Writes an alert from a live `alert-changed` event into the open list at once (the bar on every
 * screen follows within the event's delivery), and refreshes the other alert queries on screen.
 */
export function applyAlertChanged(queryClient: QueryClient, alert: Alert): void {
  queryClient.setQueryData<Alert[]>(alertsQueryKeys.open(), (list) => {
    if (!list) return list;
    const rest = list.filter((a) => a.id !== alert.id);
    return isOpen(alert) ? [alert, ...rest].sort(byRaisedDesc) : rest;
  });
  const openKey = JSON.stringify(alertsQueryKeys.open());
  void queryClient.invalidateQueries({
    queryKey: alertsQueryKeys.all,
    refetchType: 'active',
    predicate: (query) => JSON.stringify(query.queryKey) !== openKey,
  });
}

const byRaisedDesc = (a: Alert, b: Alert) => Date.parse(b.raisedAt) - Date.parse(a.raisedAt) || b.id - a.id;

/** POST /api/alerts/{id}/acknowledge, with an optional note. */
export async function acknowledgeAlert(id: number, note: string | null): Promise<Alert> {
  const res = await apiRequest('POST', `/api/alerts/${id}/acknowledge`, { note });
  return Alert.parse(await res.json());
}

/** Acknowledges; the answer goes into the cache at once (the live event follows on other screens). */
export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string | null }) => acknowledgeAlert(id, note),
    onSuccess: (alert) => applyAlertChanged(queryClient, alert),
    // Acknowledged elsewhere meanwhile (409): the list is out of date.
    onError: () => void queryClient.invalidateQueries({ queryKey: alertsQueryKeys.all }),
  });
}

/** PUT /api/alert-settings?ward= (a ward manager's, of her wards). */
export function useSaveAlertSettings(ward?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: AlertSettings) =>
      AlertSettings.parse(await (await apiRequest('PUT', settingsUrl(ward), settings)).json()),
    onSuccess: (settings) => queryClient.setQueryData(alertsQueryKeys.settings(ward), settings),
  });
}
