import { formatTimeOrDayTime } from '@/lib/date-time.ts';
import type { LiveStreamState } from './live-stream-client.ts';

export const OFFLINE_TEXT = 'Offline — data may be out of date';

/**
 * Whether the screen must say that its data is not live: the stream is down, or trying again after
 * having been up. The first connection of a page is not news, unless it fails.
 */
export function isLiveDown(state: Pick<LiveStreamState, 'status' | 'hasConnected'>): boolean {
  if (state.status === 'offline') return true;
  return state.status === 'connecting' && state.hasConnected;
}

/** "Last live 04:27" (or "Last live 21 Nov, 22:10"), or that it never was. */
export function lastLiveText(lastLiveAt: number | null): string {
  return lastLiveAt === null
    ? 'Live updates have not started'
    : `Last live ${formatTimeOrDayTime(lastLiveAt)}`;
}

/** "Reconnecting…" while an attempt is under way, else when the next one is due. */
export function nextAttemptText(
  state: Pick<LiveStreamState, 'status' | 'nextAttemptAt'>,
  now: number,
): string {
  if (state.status !== 'offline' || state.nextAttemptAt === null) return 'Reconnecting…';
  const seconds = Math.ceil((state.nextAttemptAt - now) / 1000);
  return seconds <= 0 ? 'Reconnecting…' : `Trying again in ${seconds} s`;
}

/** How long "Live again — updated HH:MM" shows once the stream is back. */
export const LIVE_AGAIN_SHOWN_MS = 10_000;

/** "Live again — updated 04:31": the screen is live again and its data was read again then. */
export function liveAgainText(at: number): string {
  return `Live again — updated ${formatTimeOrDayTime(at)}`;
}
