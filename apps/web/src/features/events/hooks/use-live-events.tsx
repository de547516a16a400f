import { useQueryClient } from '@tanstack/react-query';
import { LiveEvent } from '@vigil/domain';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { USER_QUERY_KEY } from '@/features/auth/api/get-user.ts';
import { alertTracker } from '@/lib/alert-tracker.ts';
import { openEventSource } from '@/lib/event-stream.ts';
import { toastError } from '@/lib/toast.ts';
import { applyLiveEvent } from '../lib/apply-live-event.ts';
import { reconnectDelay } from '../lib/reconnect-policy.ts';

export type LiveStatus = 'connecting' | 'live' | 'offline';

export interface LiveConnection {
  status: LiveStatus;
  /** The stream was up at least once since the page opened (a first connect is not a "pause"). */
  hasConnected: boolean;
  /** Offline with a reconnect scheduled; false once the attempts are used up. */
  willRetry: boolean;
  /** Starts over now, with a fresh set of attempts. */
  reconnect(): void;
}

const LiveConnectionContext = createContext<LiveConnection>({
  status: 'connecting',
  hasConnected: false,
  willRetry: true,
  reconnect: () => {},
});

/** Whether the live event stream is up: screens mark data as possibly out of date when it is not. */
export function useLiveStatus(): LiveStatus {
  return useContext(LiveConnectionContext).status;
}

/** The stream's state in full, for the shell's "Live updates paused" notice. */
export function useLiveConnection(): LiveConnection {
  return useContext(LiveConnectionContext);
}

/**
 * Keeps one event stream open for the signed-in app (spec point 4): events go into the query
 * cache; on failure it reconnects at most 5 times (2 s × 1.5ⁿ), and again whenever the tab becomes
 * visible while disconnected. A reconnect resumes from the last event id and refreshes what is on
 * screen, so nothing missed while offline stays missing.
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [hasConnected, setHasConnected] = useState(false);
  const [willRetry, setWillRetry] = useState(true);
  const reconnectRef = useRef<() => void>(() => {});

  useEffect(() => {
    let close: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempts = 0;
    let lastEventId = '';
    let hasConnected = false;
    let disposed = false;

    const connect = () => {
      if (disposed) return;
      close?.();
      setStatus('connecting');
      const url = lastEventId ? `/api/events?lastEventId=${encodeURIComponent(lastEventId)}` : '/api/events';
      close = openEventSource(url, {
        onOpen() {
          attempts = 0;
          setStatus('live');
          setHasConnected(true);
          setWillRetry(true);
          if (hasConnected)
            void queryClient.invalidateQueries({ queryKey: ['/api/patients'], refetchType: 'active' });
          hasConnected = true;
        },
        onMessage(data, id) {
          if (id) lastEventId = id;
          let json: unknown;
          try {
            json = JSON.parse(data);
          } catch {
            return;
          }
          const parsed = LiveEvent.safeParse(json);
          if (!parsed.success) return;
          const alert = applyLiveEvent(queryClient, parsed.data);
          if (alert && alertTracker.shouldAnnounce(alert.patientId, alert.level)) {
            toastError(
              `${alert.level} Alert`,
              `${alert.patientName ?? `Patient ${alert.patientId}`}: NEWS2 ${alert.news2Total}. Review the patient now.`,
            );
          }
        },
        onError() {
          // Our own policy, not EventSource's endless retries.
          close?.();
          close = null;
          setStatus('offline');
          // EventSource hides the status code: a stream ended by an expired session looks like any
          // other drop. Asking for the session tells; a 401 there signs the screen out.
          void queryClient.refetchQueries({ queryKey: USER_QUERY_KEY });
          const delay = reconnectDelay(attempts);
          setWillRetry(delay !== null);
          if (delay === null) return;
          attempts++;
          timer = setTimeout(connect, delay);
        },
      });
    };

    const restart = () => {
      if (close !== null) return;
      if (timer) clearTimeout(timer);
      attempts = 0;
      setWillRetry(true);
      connect();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') restart();
    };
    reconnectRef.current = restart;

    connect();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      disposed = true;
      if (timer) clearTimeout(timer);
      close?.();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [queryClient]);

  const value = useMemo<LiveConnection>(
    () => ({ status, hasConnected, willRetry, reconnect: () => reconnectRef.current() }),
    [status, hasConnected, willRetry],
  );
  return <LiveConnectionContext.Provider value={value}>{children}</LiveConnectionContext.Provider>;
}
