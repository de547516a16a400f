import { reconnectDelay } from './reconnect-policy.ts';

export type LiveStatus = 'connecting' | 'live' | 'offline';

/** What the screens show about the live event stream. */
export interface LiveStreamState {
  status: LiveStatus;
  /** The stream was up at least once since the page opened (a first connect is not an outage). */
  hasConnected: boolean;
  /** When the stream was last up (ms since the epoch): the moment it dropped; null if never up. */
  lastLiveAt: number | null;
  /** When the next attempt is due (ms since the epoch), while offline. */
  nextAttemptAt: number | null;
  /** Attempts made since the stream was last up. */
  attempts: number;
}

/** Time as the client needs it; the browser's in the app, a hand-moved one in tests. */
export interface Timers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface StreamHandlers {
  onOpen(): void;
  onMessage(data: string, id: string): void;
  onError(): void;
}

/** Opens the stream at `url` (lib/event-stream.ts in the app); returns how to close it. */
export type OpenStream = (url: string, handlers: StreamHandlers) => () => void;

export interface LiveStreamClientOptions {
  open: OpenStream;
  timers: Timers;
  /** In [0, 1): the jitter of the capped attempts. */
  random?: () => number;
  onState(state: LiveStreamState): void;
  onMessage(data: string): void;
  /** Up again after having been up: refetch what the missed events would have changed. */
  onResumed(): void;
  /** Any failure (a drop or a failed attempt): the caller may check whether the session ended. */
  onFailure(): void;
}

export const EVENTS_PATH = '/api/events';

/**
 * The one live event stream of a signed-in screen, and its reconnects (decision 022): after a drop
 * it tries again on the policy's schedule and never gives up; each attempt resumes after the last
 * event received (`?lastEventId=`, which the server replays), and once up again it tells the caller
 * to refetch, so a gap the server cannot replay (older than its retention) is filled as well.
 * EventSource's own retries are not used: a failed stream is closed and reopened here.
 */
export class LiveStreamClient {
  readonly #options: LiveStreamClientOptions;
  #state: LiveStreamState = {
    status: 'connecting',
    hasConnected: false,
    lastLiveAt: null,
    nextAttemptAt: null,
    attempts: 0,
  };
  #close: (() => void) | null = null;
  #timer: unknown = null;
  #lastEventId = '';
  /** Callbacks of a stream already replaced or closed are ignored. */
  #generation = 0;
  #isStopped = false;

  constructor(options: LiveStreamClientOptions) {
    this.#options = options;
  }

  get state(): LiveStreamState {
    return this.#state;
  }

  start(): void {
    this.#connect();
  }

  /** Ends the stream for good (sign-out, unmount). */
  stop(): void {
    this.#isStopped = true;
    this.#clearTimer();
    this.#closeStream();
  }

  /**
   * Tries at once, with the schedule started afresh (the nurse asked, the tab became visible, the
   * network came back). Nothing to do while up or while an attempt is under way.
   */
  reconnectNow(): void {
    if (this.#isStopped || this.#state.status !== 'offline') return;
    this.#clearTimer();
    this.#set({ attempts: 0 });
    this.#connect();
  }

  /**
   * The server is shutting down and said so (a `stream-ending` event, decision 032): the stream is
   * opened again at a random moment within `withinMs` (so a ward's screens do not all arrive at
   * once), resuming after the last event, and the load balancer sends it to another server. A
   * handover, not a failure: the screen stays live meanwhile; should the new stream fail, the usual
   * schedule takes over.
   */
  handOver(withinMs: number): void {
    if (this.#isStopped || this.#state.status !== 'live') return;
    this.#closeStream();
    this.#clearTimer();
    const delay = Math.round(withinMs * (this.#options.random ?? Math.random)());
    this.#timer = this.#options.timers.setTimeout(() => {
      this.#timer = null;
      this.#connect({ isHandover: true });
    }, delay);
  }

  #connect({ isHandover = false }: { isHandover?: boolean } = {}) {
    if (this.#isStopped) return;
    this.#closeStream();
    if (!isHandover) this.#set({ status: 'connecting', nextAttemptAt: null });
    const generation = ++this.#generation;
    const url = this.#lastEventId
      ? `${EVENTS_PATH}?lastEventId=${encodeURIComponent(this.#lastEventId)}`
      : EVENTS_PATH;
    const isCurrent = () => generation === this.#generation && !this.#isStopped;
    this.#close = this.#options.open(url, {
      onOpen: () => {
        if (!isCurrent()) return;
        const isResumed = this.#state.hasConnected;
        this.#set({ status: 'live', hasConnected: true, attempts: 0, nextAttemptAt: null });
        if (isResumed) this.#options.onResumed();
      },
      onMessage: (data, id) => {
        if (!isCurrent()) return;
        if (id) this.#lastEventId = id;
        this.#options.onMessage(data);
      },
      onError: () => {
        if (!isCurrent()) return;
        this.#fail();
      },
    });
  }

  #fail() {
    const { timers } = this.#options;
    const wasLive = this.#state.status === 'live';
    this.#closeStream();
    const now = timers.now();
    const delay = reconnectDelay(this.#state.attempts, this.#options.random);
    this.#set({
      status: 'offline',
      lastLiveAt: wasLive ? now : this.#state.lastLiveAt,
      nextAttemptAt: now + delay,
      attempts: this.#state.attempts + 1,
    });
    this.#timer = timers.setTimeout(() => {
      this.#timer = null;
      this.#connect();
    }, delay);
    this.#options.onFailure();
  }

  #closeStream() {
    // Ignore whatever the old stream still reports once it is replaced or closed.
    this.#generation++;
    this.#close?.();
    this.#close = null;
  }

  #clearTimer() {
    if (this.#timer !== null) this.#options.timers.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #set(change: Partial<LiveStreamState>) {
    this.#state = { ...this.#state, ...change };
    this.#options.onState(this.#state);
  }
}
