import { randomBytes } from 'node:crypto';
import type { EventLogRepository, LiveEventRow } from './repository.ts';
import { createEventSequencer, type EventOrigin, type SequencedEvent } from './sequencer.ts';

type Subscriber = (events: LiveEventRow[]) => void;
type OrderedSubscriber = (events: SequencedEvent[]) => void;

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
/**
 * A gap in the ids that lasts this long is asked about: almost every one closes sooner, as the
 * transaction holding the smaller id commits or another instance's NOTIFY arrives.
 */
const GAP_CHECK_MS = 100;
/** At most this many missing ids of one gap are read back at a time. */
const GAP_READ_LIMIT = 5000;

/** What the fan-out needs from a LISTEN connection (listen-connection.ts on PostgreSQL). */
export interface Listener {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Whether LISTEN holds now (readiness). */
  isConnected?(): boolean;
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
  log: Pick<EventLogRepository, 'byIds' | 'since' | 'notify'> &
    Partial<Pick<EventLogRepository, 'newestId' | 'writers'>>;
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
  /** The client streams' side: the same events, in id order (decision 032). */
  const sequencer = createEventSequencer();
  const ordered = new Set<OrderedSubscriber>();
  let gapTimer: NodeJS.Timeout | null = null;
  /** The writers of live events seen when the current gap was first asked about, and its top. */
  let gapWatch: { writers: Set<string>; upTo: number } | null = null;
  let stopped = false;

  // NOTIFY takes a database-wide lock at commit: one NOTIFY per ingest would serialise every
  // request on it. Ids committed close together share one NOTIFY, and that transaction does not
  // wait for its WAL flush (a notification is not durable anyway; the event row is).
  let pendingNotify: number[] = [];
  let notifyTimer: NodeJS.Timeout | null = null;
  let lastNotifyAt = 0;
  let notifying: Promise<void> = Promise.resolve();
  function flushNotify() {
    notifyTimer = null;
    lastNotifyAt = performance.now();
    const ids = pendingNotify;
    pendingNotify = [];
    // Lost: the other instances read them back when a later id shows the gap (checkGap).
    notifying = log.notify(ids).catch(onError);
  }

  function dispatch(rows: LiveEventRow[], origin: EventOrigin) {
    const fresh = rows.filter((r) => !dispatched.has(r.id)).sort((a, b) => a.id - b.id);
    if (fresh.length === 0) return;
    for (const r of fresh) {
      dispatched.add(r.id);
      dispatchedOrder.push(r.id);
    }
    while (dispatchedOrder.length > DISPATCHED_MEMORY) dispatched.delete(dispatchedOrder.shift()!);
    sent += fresh.length;
    for (const subscriber of subscribers) subscriber(fresh);
    emitOrdered(sequencer.offer(fresh, origin));
  }

  function emitOrdered(events: SequencedEvent[]) {
    if (events.length > 0) for (const subscriber of ordered) subscriber(events);
    if (sequencer.heldCount() > 0) scheduleGapCheck();
  }

  const scheduleGapCheck = () => {
    if (!stopped) gapTimer ??= setTimeout(() => void checkGap(), GAP_CHECK_MS);
  };

  /**
   * A gap has lasted. The transactions writing live events at the first look hold every id of it
   * that is not committed yet (each holds the table's lock from before it draws an id until it
   * ends); once none of them is left, each missing id below the gap's top is committed (read back
   * here: an instance whose NOTIFY was lost) or never will be (rolled back), and what waited behind
   * goes out.
   */
  async function checkGap() {
    gapTimer = null;
    const gap = sequencer.gap();
    if (!gap || stopped) {
      gapWatch = null;
      return;
    }
    try {
      const writing = new Set(await (log.writers?.() ?? Promise.resolve([])));
      gapWatch ??= { writers: writing, upTo: gap.upTo };
      if ([...gapWatch.writers].some((w) => writing.has(w))) {
        scheduleGapCheck();
        return;
      }
      const { upTo } = gapWatch;
      gapWatch = null;
      const missing = gap.missing.filter((id) => id < upTo).slice(0, GAP_READ_LIMIT);
      if (missing.length > 0) dispatch(await log.byIds(missing), 'other-instance');
      emitOrdered(sequencer.settle(upTo));
    } catch (error) {
      gapWatch = null;
      onError(error);
      scheduleGapCheck();
    }
  }

  async function onNotification(payload: string | undefined) {
    // This instance's own events were dispatched at commit: only other instances' are read back.
    const ids = (payload ?? '')
      .split(',')
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && !dispatched.has(id));
    if (ids.length === 0) return;
    try {
      dispatch(await log.byIds(ids), 'other-instance');
    } catch (error) {
      onError(error);
    }
  }

  const listen =
    deps.listen?.({
      onNotification: (payload) => void onNotification(payload),
      // Whatever committed while we were not listening.
      onRestored: async (lostAt) =>
        dispatch(
          await log.since(new Date(lostAt.getTime() - CATCH_UP_MARGIN_MS), CATCH_UP_LIMIT),
          'other-instance',
        ),
      onError,
    }) ?? null;

  return {
    async start() {
      stopped = false;
      // The streams carry what commits from now on; a client that was away is replayed the rest.
      if (log.newestId) sequencer.reset(await log.newestId());
      await listen?.start();
    },

    async stop() {
      stopped = true;
      if (gapTimer) clearTimeout(gapTimer);
      gapTimer = null;
      if (notifyTimer) {
        clearTimeout(notifyTimer);
        flushNotify();
      }
      // The last ids reach the other instances before this one lets its database go.
      await notifying;
      subscribers.clear();
      ordered.clear();
      await listen?.stop();
    },

    /** Whether the other instances' events reach this one (always, on PGlite). */
    isListening(): boolean {
      return !listen || (listen.isConnected?.() ?? true);
    },

    /**
     * Call once the recording transaction has committed: the events go to this instance's
     * subscribers at once, and their ids to the other instances in a NOTIFY of their own.
     */
    publish(rows: LiveEventRow[]) {
      if (rows.length === 0) return;
      dispatch(rows, 'this-instance');
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

    /**
     * Every event at once, as each commits (by set membership, not in id order): this instance's
     * caches, which must forget what changed without waiting for a smaller id to commit.
     */
    subscribe(subscriber: Subscriber): () => void {
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },

    /**
     * The events in id order, each once, after {@link frontier} as it stands when subscribing: the
     * client streams (decision 032).
     */
    subscribeOrdered(subscriber: OrderedSubscriber): () => void {
      ordered.add(subscriber);
      return () => {
        ordered.delete(subscriber);
      };
    },

    /** Every event up to this id has gone to the ordered subscribers (or never committed). */
    frontier: () => sequencer.frontier(),
  };
}

export type EventFanOut = ReturnType<typeof createEventFanOut>;
