import type { LiveConnection } from '../hooks/use-live-events.tsx';

/**
 * The shell's notice for the live event stream, or null while it is up (or still making its first
 * connection, which is not news). While reconnect attempts remain the data is only paused; once they
 * are used up the screen may be out of date until the nurse reconnects or returns to the tab.
 */
export function liveNoticeText(
  connection: Pick<LiveConnection, 'status' | 'hasConnected' | 'willRetry'>,
): string | null {
  const { status, hasConnected, willRetry } = connection;
  if (status === 'live') return null;
  if (status === 'connecting') return hasConnected ? 'Live updates paused — reconnecting' : null;
  return willRetry ? 'Live updates paused — reconnecting' : 'Offline — data may be out of date';
}
