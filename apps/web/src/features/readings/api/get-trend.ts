import { queryOptions } from '@tanstack/react-query';
import { VitalsTrend } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';
import { trendQueryKey } from './query-keys.ts';

export { trendQueryKey } from './query-keys.ts';

/** A trend's window: the last `hours` up to now (`live`), or a fixed span (a zoomed selection). */
export type TrendWindow = { kind: 'live'; hours: number } | { kind: 'span'; fromMs: number; toMs: number };

/** The window's bounds, now. */
export function windowBounds(window: TrendWindow, now = Date.now()): { fromMs: number; toMs: number } {
  return window.kind === 'live' ? { fromMs: now - window.hours * 3_600_000, toMs: now } : window;
}

/**
 * GET /api/patients/{id}/trend: the patient's vital signs and the server's NEWS2 over a window, at
 * most 1,500 points per vital sign whatever the rate of readings (every reading, or buckets with
 * each one's lowest, highest and last value). Live readings are drawn after it until it is read
 * again (apply-live-event.ts refreshes it, at most every few seconds).
 */
export function getTrendQueryOptions(id: number, window: TrendWindow) {
  const key = window.kind === 'live' ? ['live', window.hours] : ['span', window.fromMs, window.toMs];
  return queryOptions({
    queryKey: [...trendQueryKey(id), ...key] as const,
    queryFn: async ({ signal }) => {
      const { fromMs, toMs } = windowBounds(window);
      const query = `from=${encodeURIComponent(new Date(fromMs).toISOString())}&to=${encodeURIComponent(new Date(toMs).toISOString())}`;
      const res = await apiRequest('GET', `/api/patients/${id}/trend?${query}`, undefined, { signal });
      return VitalsTrend.parse(await res.json());
    },
  });
}
