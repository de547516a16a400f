import { useQueryClient } from '@tanstack/react-query';
import { LiveEvent } from '@vigil/domain';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { USER_QUERY_KEY } from '@/features/auth/api/query-keys.ts';
import { openEventSource } from '@/lib/event-stream.ts';
import { readingEverythingAgain, streamClosed } from '@/lib/live-position.ts';
import { applyLiveEvent } from '../lib/apply-live-event.ts';
import { type LiveStatus, LiveStreamClient, type LiveStreamState } from '../lib/live-stream-client.ts';

export type { LiveStatus } from '../lib/live-stream-client.ts';

export interface LiveConnection extends LiveStreamState {
  /** Tries again now, with the reconnect schedule started afresh. */
  reconnect(): void;
}

const INITIAL: LiveStreamState = {
  status: 'connecting',
  hasConnected: false,
  lastLiveAt: null,
  nextAttemptAt: null,
  attempts: 0,
};

const LiveConnectionContext = createContext<LiveConnection>({ ...INITIAL, reconnect: () => {} });

/** Whether the live event stream is up: screens mark data as possibly out of date when it is not. */
export function useLiveStatus(): LiveStatus {
  return useContext(LiveConnectionContext).status;
}

/** The stream's state in full, for the shell's offline banner. */
export function useLiveConnection(): LiveConnection {
  return useContext(LiveConnectionContext);
}

const browserTimers = {
  now: () => Date.now(),
  setTimeout: (run: () => void, ms: number) => window.setTimeout(run, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};

/**
 * Keeps one event stream open for the signed-in app: events go into the query cache. After a drop it
 * reconnects on its own and never gives up (the spec's five attempts, then about every 30 s:
 * decision 022), at once when the tab becomes visible or the network returns; once back it resumes
 * after the last event and refetches what is on screen, so nothing missed while offline stays missing.
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveStreamState>(INITIAL);
  const clientRef = useRef<LiveStreamClient | null>(null);

  useEffect(() => {
    const onMessage = (data: string) => {
      let json: unknown;
      try {
        json = JSON.parse(data);
      } catch {
        return;
      }
      const parsed = LiveEvent.safeParse(json);
      if (!parsed.success) return;
      // The server is restarting: reconnect soon, to another one (decision 032).
      if (parsed.data.type === 'stream-ending') client.handOver(parsed.data.data.reconnectWithinMs);
      else applyLiveEvent(queryClient, parsed.data);
    };
    const client = new LiveStreamClient({
      open: openEventSource,
      timers: browserTimers,
      onState: setState,
      onMessage,
      // Whatever the replay could not bring (events past the server's retention or replay limit).
      onResumed: () => {
        readingEverythingAgain();
        void queryClient.invalidateQueries({ refetchType: 'active' });
      },
      // EventSource hides the status code: a stream ended by an expired session looks like any
      // other drop. Asking for the session tells; a 401 there signs the screen out.
      onFailure: () => {
        streamClosed();
        void queryClient.refetchQueries({ queryKey: USER_QUERY_KEY });
      },
    });
    clientRef.current = client;
    const onVisible = () => {
      if (document.visibilityState === 'visible') client.reconnectNow();
    };
    const onOnline = () => client.reconnectNow();

    client.start();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    return () => {
      client.stop();
      streamClosed();
      clientRef.current = null;
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient]);

  const value = useMemo<LiveConnection>(
    () => ({ ...state, reconnect: () => clientRef.current?.reconnectNow() }),
    [state],
  );
  return <LiveConnectionContext.Provider value={value}>{children}</LiveConnectionContext.Provider>;
}
