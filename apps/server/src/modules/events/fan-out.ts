import { randomBytes } from 'node:crypto';
import type { EventLogRepository, LiveEventRow } from './repository.ts';

type Subscriber = (events: LiveEventRow[]) => void;

/**
 * At most one NOTIFY per this interval: ids committed meanwhile share the next one. An id committed
 * after a quiet spell is sent at once (after the current tick, with whatever commits in it).
 */
const NOTIFY_INTERVAL_MS = 10;
/** Ids already dispatched are remembered this many at a time (dedupe of notify + catch-up). */
const DISPATCHED_MEMORY = 20_000;
/** After a lost LISTEN connection, events this far before the loss are re-read. */
const CATCH_UP_MARGIN_MS = 10_000;
const CATCH_UP_LIMIT = 5000;

/** What the fan-out needs from a LISTEN connection (listen-connection.ts on PostgreSQL). */
export interface Listener {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Opens the LISTEN side with the fan-out's handlers (see ListenOptions). */
export type ListenerFactory = (handlers: {
  onNotification(payload: string | undefined): void;
  onRestored(lostAt: Date): Promise<void>;
  onError(error: unknown): void;
}) => Listener;

/**
 * The fan-out of committed live events (decision 005): to this instance's subscribers at once and,
 * when there are other instances to reach (`listen`, PostgreSQL), to them: the ids are NOTIFYed, and
 * the ids other instances NOTIFY are read back from the log and dispatched here. Ids, not payloads,
 * cross the wire. Ids are dispatched by set membership, not "greater than the last", because
 * transactions can commit out of id order.
 */
export function createEventFanOut(deps: {
  log: Pick<EventLogRepository, 'byIds' | 'since' | 'notify'>;
  /** PostgreSQL only: how to LISTEN for other instances' ids. Null on PGlite (one process). */
  listen: ListenerFactory | null;
  onError?: (error: unknown) => void;
}) {
  const { log } = deps;
  const onError = (error: unknown) => deps.onError?.(error);
  const subscribers = new Set<Subscriber>();
  /** This process among the instances, and how many events it has sent: its live position. */
  const instance = randomBytes(4).toString('hex');
  let sent = 0;
  const dispatched = new Set<number>();
  const dispatchedOrder: number[] = [];

  // NOTIFY takes a database-wide lock at commit: one NOTIFY per ingest would serialise every
  // request on it. Ids committed close together share one NOTIFY, and that transaction does not
  // wait for its WAL flush (a notification is not durable anyway; the event row is).
  let pendingNotify: number[] = [];
  let notifyTimer: NodeJS.Timeout | null = null;
  let lastNotifyAt = 0;
  function flushNotify() {
    notifyTimer = null;
    lastNotifyAt = performance.now();
    const ids = pendingNotify;
    pendingNotify = [];
    // Lost: other instances' clients get them on reconnect (Last-Event-ID).
    log.notify(ids).catch(onError);
  }

  function dispatch(rows: LiveEventRow[]) {
    const fresh = rows.filter((r) => !dispatched.has(r.id)).sort((a, b) => a.id - b.id);
    if (fresh.length === 0) return;
    for (const r of fresh) {
      dispatched.add(r.id);
      dispatchedOrder.push(r.id);
    }
    while (dispatchedOrder.length > DISPATCHED_MEMORY) dispatched.delete(dispatchedOrder.shift()!);
    sent += fresh.length;
    for (const subscriber of subscribers) subscriber(fresh);
  }

  async function onNotification(payload: string | undefined) {
    // This instance's own events were dispatched at commit: only other instances' are read back.
    const ids = (payload ?? '')
      .split(',')
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && !dispatched.has(id));
    if (ids.length === 0) return;
    try {
      dispatch(await log.byIds(ids));
    } catch (error) {
      onError(error);
    }
  }

  const listen =
    deps.listen?.({
      onNotification: (payload) => void onNotification(payload),
      // Whatever committed while we were not listening.
      onRestored: async (lostAt) =>
        dispatch(await log.since(new Date(lostAt.getTime() - CATCH_UP_MARGIN_MS), CATCH_UP_LIMIT)),
      onError,
    }) ?? null;

  return {
    async start() {
      await listen?.start();
    },

    async stop() {
      if (notifyTimer) {
        clearTimeout(notifyTimer);
        flushNotify();
      }
      subscribers.clear();
      await listen?.stop();
    },

    /**
     * Call once the recording transaction has committed: the events go to this instance's
     * subscribers at once, and their ids to the other instances in a NOTIFY of their own.
     */
    publish(rows: LiveEventRow[]) {
      if (rows.length === 0) return;
      dispatch(rows);
      if (!listen) return;
      for (const row of rows) pendingNotify.push(row.id);
      notifyTimer ??= setTimeout(
        flushNotify,
        Math.max(0, lastNotifyAt + NOTIFY_INTERVAL_MS - performance.now()),
      );
    },

    /**
     * Where this instance's events stand (LIVE_POSITION_HEADER): whatever it sent before was
     * committed before, so a read that starts now sees it.
     */
    position(): string {
      return `${instance}.${sent}`;
    },

    subscribe(subscriber: Subscriber): () => void {
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
  };
}

export type EventFanOut = ReturnType<typeof createEventFanOut>;
