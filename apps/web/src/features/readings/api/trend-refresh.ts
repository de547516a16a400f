import type { QueryClient } from '@tanstack/react-query';
import { trendQueryKey } from './query-keys.ts';

/**
 * How often a patient's open trend is read again while readings arrive: a device sending every
 * second draws each reading at once from the live stream, and its NEWS2 and buckets come with the
 * next read, at most this often (a thousand open records must not each ask for a day of buckets
 * every second).
 */
export const TREND_REFRESH_MS = 10_000;

const scheduled = new Map<number, { lastMs: number; timer: ReturnType<typeof setTimeout> | null }>();

/**
 * Reads a patient's open trends again (their windows' queries), at once when it has not been done
 * for {@link TREND_REFRESH_MS}, otherwise once when that time has passed: every reading is in the
 * next read, and none waits longer than that.
 */
export function refreshTrend(queryClient: QueryClient, patientId: number, now = Date.now()): void {
  const state = scheduled.get(patientId) ?? { lastMs: Number.NEGATIVE_INFINITY, timer: null };
  scheduled.set(patientId, state);
  if (state.timer) return;
  const refresh = () => {
    state.lastMs = Date.now();
    state.timer = null;
    void queryClient.invalidateQueries({ queryKey: trendQueryKey(patientId), refetchType: 'active' });
  };
  const wait = state.lastMs + TREND_REFRESH_MS - now;
  if (wait <= 0) refresh();
  else state.timer = setTimeout(refresh, wait);
}
