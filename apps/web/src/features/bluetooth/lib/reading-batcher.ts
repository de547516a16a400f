import type { GattReadingFields } from '@vigil/domain';
import { resendDelayMs } from './retry.ts';

/** What one reading carries: the GATT fields, and steps and sleep from a simulated device. */
export type ReadingFields = GattReadingFields & { steps?: number; sleepHours?: number };

export interface TimedReading {
  /** When the device measured it (ms since the epoch); it keeps this time whenever it is sent. */
  readingTime: number;
  fields: ReadingFields;
}

export interface ReadingBatcherOptions {
  /** Sends one batch; rejects on failure. The same batch is always resent with the same key. */
  send(readings: TimedReading[], idempotencyKey: string): Promise<void>;
  newKey(): string;
  /** Values measured within this long of each other, of different fields, are one reading. */
  mergeWindowMs: number;
  /** A failure not worth resending (bad input, refused): the batch is dropped and reported. */
  isPermanent(error: unknown): boolean;
  onError?(error: unknown): void;
  onSent?(readings: TimedReading[]): void;
  setTimer?(run: () => void, ms: number): unknown;
  clearTimer?(timer: unknown): void;
  /** Largest batch per request (the ingest takes up to 500). */
  maxBatch?: number;
}

const hasFields = (fields: ReadingFields) => Object.values(fields).some((v) => v !== undefined);
const overlaps = (a: ReadingFields, b: ReadingFields) =>
  Object.keys(b).some((key) => a[key as keyof ReadingFields] !== undefined);

/**
 * Posts a device's readings, each with its own time, as soon as they are decoded: a reading that
 * finds nothing in flight goes at once (in the next task, so the values one event brings go
 * together), and readings batch only while a request is under way or a backlog waits, then go
 * together the moment it settles. A reading that waits on a timer reaches the other screens late,
 * which is what a monitor must not do. A failed request is resent later with the same
 * Idempotency-Key (so a request that did reach the server is never stored twice), backing off 2 s,
 * 4 s … 30 s; readings keep queuing behind it. Values of different fields measured within
 * `mergeWindowMs` that wait together (one read round of several characteristics) become one reading
 * at the earliest time, since the ingest stores one reading per device and time.
 */
export class ReadingBatcher {
  readonly #options: Required<Omit<ReadingBatcherOptions, 'onError' | 'onSent'>> &
    Pick<ReadingBatcherOptions, 'onError' | 'onSent'>;
  #pending: TimedReading[] = [];
  #inFlight: { readings: TimedReading[]; key: string } | null = null;
  #isSending = false;
  #sending: Promise<void> | null = null;
  #failures = 0;
  #timer: unknown = null;
  #isClosed = false;

  constructor(options: ReadingBatcherOptions) {
    this.#options = {
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      maxBatch: 500,
      ...options,
    };
  }

  /** Readings waiting to be sent (the one being sent included). */
  get queued(): number {
    return this.#pending.length + (this.#inFlight?.readings.length ?? 0);
  }

  add(fields: ReadingFields, readingTime: number): void {
    if (this.#isClosed || !hasFields(fields)) return;
    const { mergeWindowMs } = this.#options;
    const last = this.#pending.at(-1);
    if (last && Math.abs(readingTime - last.readingTime) <= mergeWindowMs && !overlaps(last.fields, fields)) {
      last.fields = { ...last.fields, ...fields };
    } else {
      this.#pending.push({ readingTime, fields: { ...fields } });
    }
    this.#schedule();
  }

  /** Sends what is queued now, back-off or not (the device is being disconnected), and stops. */
  async close(): Promise<void> {
    if (this.#isClosed) return;
    this.#isClosed = true;
    this.#clear();
    // A request under way finishes first; what it leaves (a failure, newer readings) goes next.
    await this.#sending;
    for (let batch = this.#inFlight ?? this.#take(); batch; batch = this.#take()) {
      this.#inFlight = null;
      try {
        await this.#options.send(batch.readings, batch.key);
        this.#options.onSent?.(batch.readings);
      } catch (error) {
        this.#options.onError?.(error);
        return;
      }
    }
  }

  #take(): { readings: TimedReading[]; key: string } | null {
    if (this.#pending.length === 0) return null;
    return { readings: this.#pending.splice(0, this.#options.maxBatch), key: this.#options.newKey() };
  }

  #clear() {
    if (this.#timer !== null) this.#options.clearTimer(this.#timer);
    this.#timer = null;
  }

  /** Sends what waits: at once, or after `delay` (the back-off after a failure). */
  #schedule(delay = 0) {
    if (this.#isClosed || this.#isSending || this.#timer !== null) return;
    if (!this.#inFlight && this.#pending.length === 0) return;
    this.#timer = this.#options.setTimer(() => {
      this.#timer = null;
      this.#sending = this.#flush();
    }, delay);
  }

  async #flush(): Promise<void> {
    if (this.#isClosed || this.#isSending) return;
    this.#inFlight ??= this.#take();
    const batch = this.#inFlight;
    if (!batch) return;
    this.#isSending = true;
    try {
      await this.#options.send(batch.readings, batch.key);
      this.#inFlight = null;
      this.#failures = 0;
      this.#options.onSent?.(batch.readings);
    } catch (error) {
      if (this.#options.isPermanent(error)) {
        this.#inFlight = null;
        this.#failures = 0;
      } else {
        this.#failures++;
      }
      this.#options.onError?.(error);
    } finally {
      this.#isSending = false;
    }
    this.#schedule(this.#failures > 0 ? resendDelayMs(this.#failures) : 0);
  }
}
