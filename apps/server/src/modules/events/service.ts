import type { Prelude, Run } from '../../db/prepared.ts';
import type { Clock } from '../../lib/clock.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import type { EventFanOut } from './fan-out.ts';
import { type DataOf, type InternalEventType, internalDataOf } from './internal-events.ts';
import type { EventLogRepository, LiveEventRow, NewLiveEvent } from './repository.ts';
import type { EventOrigin, SequencedEvent } from './sequencer.ts';
import type { StreamsRepository } from './streams-repository.ts';

export type { LiveEventRow, NewLiveEvent } from './repository.ts';

/** What is measured of the live events (plugins/metrics.ts). */
export interface LiveEventMetrics {
  eventDispatched(createdAt: Date, origin: EventOrigin): void;
}

/** Events are kept this long for clients that reconnect with Last-Event-ID. */
export const EVENT_RETENTION_MS = 24 * 3_600_000;
const MAX_REPLAY = 1000;

/** One open event stream of a client: what it missed, then live events, until closed. */
export interface LiveStream {
  /** Where this instance's events stood when the stream subscribed: it carries every one after. */
  position: string;
  /**
   * Sends the events after `lastEventId` (best effort), then those committed since the stream
   * opened, then live ones as they commit: in id order, none twice (decision 032).
   */
  start(deliver: (rows: LiveEventRow[]) => void): Promise<void>;
  /** Unsubscribes and releases the stream's place under the user's cap. Idempotent. */
  close(): void;
}

/**
 * Live events: writers record them in their own transaction and hand them over once committed; the
 * event stream route opens streams on them, capped per user across instances.
 */
export function createLiveEventsService(deps: {
  log: EventLogRepository;
  fanOut: EventFanOut;
  streams: StreamsRepository;
  clock: Clock;
  /** Open streams allowed per user (tabs, screens), across instances. */
  maxStreamsPerUser: number;
  /** How often this instance refreshes the registry rows of its open streams. */
  heartbeatIntervalMs: number;
  metrics?: LiveEventMetrics;
}) {
  const { log, fanOut, streams, clock } = deps;
  /** This instance's open streams, by registry id. */
  const openStreams = new Set<string>();
  /** Registry rows of closed streams being deleted: a stopping instance waits for them. */
  const closing = new Set<Promise<void>>();
  let heartbeat: NodeJS.Timeout | null = null;
  // Each event's lag is measured once, as it is dispatched to the streams in order.
  fanOut.subscribeOrdered((events) => {
    for (const { row, origin } of events) deps.metrics?.eventDispatched(row.createdAt, origin);
  });
  /** The handlers of internal events, by type: one subscription to the fan-out serves them all. */
  const internalHandlers = new Map<string, Set<(row: LiveEventRow) => void>>();
  fanOut.subscribe((rows) => {
    if (internalHandlers.size === 0) return;
    for (const row of rows) for (const handle of internalHandlers.get(row.type) ?? []) handle(row);
  });

  return {
    async start() {
      // The registry rows of open streams are refreshed together, once per interval.
      heartbeat ??= setInterval(() => {
        void streams.heartbeat([...openStreams], clock.now()).catch(() => {});
      }, deps.heartbeatIntervalMs).unref();
      await fanOut.start();
    },

    async stop() {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      // A restart leaves no stream counted against its user's cap: their clients reconnect elsewhere.
      await Promise.all([...closing, streams.close([...openStreams]).catch(() => {})]);
      await fanOut.stop();
    },

    /**
     * Records events in the caller's transaction (`run`), so they exist exactly when the change
     * does; `change` runs in the same statement first (one round trip). Hand the rows to
     * {@link committed} once the transaction has committed.
     */
    record: (run: Run, events: NewLiveEvent[], change?: Prelude): Promise<LiveEventRow[]> =>
      log.record(run, events, change),

    /** The recording transaction committed: the events go out. */
    committed: (rows: LiveEventRow[]) => fanOut.publish(rows),

    /**
     * Calls `handler` with the data of each internal event of this type (internal-events.ts), from
     * any instance, as it commits. Returns the unsubscribe.
     */
    subscribe<T extends InternalEventType>(type: T, handler: (data: DataOf<T>) => void): () => void {
      const handle = (row: LiveEventRow) => {
        const data = internalDataOf(row, type);
        if (data !== undefined) handler(data);
      };
      const forType = internalHandlers.get(type) ?? new Set();
      internalHandlers.set(type, forType.add(handle));
      return () => {
        forType.delete(handle);
        if (forType.size === 0) internalHandlers.delete(type);
      };
    },

    /**
     * Every event from any instance as it commits (by set membership, not in id order): for this
     * instance's caches, which forget what changed at once. Returns the unsubscribe.
     */
    subscribeAll: (subscriber: (rows: LiveEventRow[]) => void): (() => void) => fanOut.subscribe(subscriber),

    /** Where this instance's events stand, for an answer about to be read (LIVE_POSITION_HEADER). */
    position: () => fanOut.position(),

    /** Whether other instances' events reach this one (readiness). */
    isConnected: () => fanOut.isListening(),

    /**
     * Opens a stream for a user, refused (429) when the user has the maximum open on any instance.
     * It is subscribed at once, so nothing committed before {@link LiveStream.start} is lost.
     */
    async openStream(userId: number, lastEventId: number | null): Promise<LiveStream> {
      const id = await streams.open(userId, deps.maxStreamsPerUser, clock.now());
      if (!id) {
        throw tooManyRequests(
          `At most ${deps.maxStreamsPerUser} live connections per user are allowed; close another Vigil tab.`,
          5,
        );
      }
      openStreams.add(id);
      let pending: LiveEventRow[] | null = [];
      let deliver: ((rows: LiveEventRow[]) => void) | null = null;
      // From here on the stream gets every event after `from`, in order; before it, the replay.
      const from = fanOut.frontier();
      // A client that comes from an instance ahead of this one already has events up to its id.
      const hasUpTo = lastEventId !== null && lastEventId > from ? lastEventId : null;
      const isNew = (row: LiveEventRow) => hasUpTo === null || row.id <= from || row.id > hasUpTo;
      const unsubscribe = fanOut.subscribeOrdered((events: SequencedEvent[]) => {
        const rows = events.map((e) => e.row).filter(isNew);
        if (rows.length === 0) return;
        if (pending) pending.push(...rows);
        else deliver?.(rows);
      });
      let closed = false;
      return {
        position: fanOut.position(),
        async start(send) {
          const replayed = new Set<number>();
          if (lastEventId !== null && lastEventId < from) {
            try {
              const missed = await log.between(lastEventId, from, MAX_REPLAY);
              for (const row of missed) replayed.add(row.id);
              if (missed.length > 0) send(missed);
            } catch {
              // The replay is best effort: the client refetches on reconnect anyway.
            }
          }
          const queued = (pending ?? []).filter((row) => !replayed.has(row.id));
          pending = null;
          deliver = send;
          if (queued.length > 0) send(queued);
        },
        close() {
          if (closed) return;
          closed = true;
          unsubscribe();
          openStreams.delete(id);
          const deleting = streams.close([id]).catch(() => {});
          closing.add(deleting);
          void deleting.finally(() => closing.delete(deleting));
        },
      };
    },

    /** Events older than the retention are deleted (housekeeping). */
    prune: () => log.prune(new Date(clock.now().getTime() - EVENT_RETENTION_MS)),
  };
}

export type LiveEventsService = ReturnType<typeof createLiveEventsService>;
