import { useEffect, useRef, useState } from 'react';
import { isLiveDown, LIVE_AGAIN_SHOWN_MS } from '../lib/live-notice.ts';
import type { LiveStreamState } from '../lib/live-stream-client.ts';

/**
 * When the live stream came back after being down (it refetches what is on screen as it does), for
 * LIVE_AGAIN_SHOWN_MS: the screen says so briefly instead of its offline banner just vanishing. Null
 * otherwise, and at a page's first connection (not news).
 */
export function useLiveAgain(
  state: Pick<LiveStreamState, 'status' | 'hasConnected'>,
  now: () => number = Date.now,
): number | null {
  const isDown = isLiveDown(state);
  const wasDown = useRef(isDown);
  const [liveAgainAt, setLiveAgainAt] = useState<number | null>(null);
  useEffect(() => {
    if (isDown) {
      wasDown.current = true;
      setLiveAgainAt(null);
      return;
    }
    if (!wasDown.current || state.status !== 'live') return;
    wasDown.current = false;
    setLiveAgainAt(now());
    const timer = setTimeout(() => setLiveAgainAt(null), LIVE_AGAIN_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [isDown, state.status, now]);
  return liveAgainAt;
}
