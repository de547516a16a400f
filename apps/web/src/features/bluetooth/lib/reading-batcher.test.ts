import { describe, expect, it } from 'vitest';
import { ReadingBatcher, type ReadingBatcherOptions, type TimedReading } from './reading-batcher.ts';

/** A batcher on a fake clock: timers run only when the test advances time. */
function setUp(overrides: Partial<ReadingBatcherOptions> = {}) {
  let now = 1_000_000;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  let nextKey = 1;
  const sent: { readings: TimedReading[]; key: string }[] = [];
  let failNext = 0;
  let failure: unknown = new Error('503: Service Unavailable');
  /** While set, a request stays in flight until the test releases it (a slow network). */
  let held: Promise<void> | null = null;
  let release = () => {};
  const batcher = new ReadingBatcher({
    send: async (readings, key) => {
      sent.push({ readings: structuredClone(readings), key });
      if (held) await held;
      if (failNext > 0) {
        failNext--;
        throw failure;
      }
    },
    newKey: () => `key-${nextKey++}`,
    mergeWindowMs: 1_000,
    isPermanent: (error) => error instanceof Error && error.message.startsWith('422'),
    setTimer: (run, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimer: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
    ...overrides,
  });
  /** Moves the clock, running each timer that falls due and letting its send settle. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  async function advance(ms: number) {
    await settle();
    const end = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.run();
      await settle();
    }
    now = end;
  }
  return {
    batcher,
    sent,
    advance,
    get now() {
      return now;
    },
    failTimes(times: number, error?: unknown) {
      failNext = times;
      if (error) failure = error;
    },
    /** Requests from now on stay in flight until releaseSends(). */
    holdSends() {
      held = new Promise((resolve) => {
        release = resolve;
      });
    },
    async releaseSends() {
      held = null;
      release();
      await settle();
    },
  };
}

describe('ReadingBatcher', () => {
  it('sends each reading at once while nothing is in flight, waiting on no timer', async () => {
    const t = setUp();
    for (let i = 0; i < 5; i++) {
      t.batcher.add({ heartRate: 72 + i }, t.now);
      await t.advance(0);
      expect(t.sent).toHaveLength(i + 1);
      await t.advance(500);
    }
    expect(t.sent.map((s) => s.readings.map((r) => r.fields.heartRate))).toEqual([
      [72],
      [73],
      [74],
      [75],
      [76],
    ]);
  });

  it('batches what arrives while a request is in flight, and sends it the moment that request settles', async () => {
    const t = setUp();
    t.holdSends();
    t.batcher.add({ heartRate: 72 }, t.now);
    await t.advance(0);
    for (let i = 1; i <= 3; i++) {
      await t.advance(500);
      t.batcher.add({ heartRate: 72 + i }, t.now);
    }
    expect(t.sent).toHaveLength(1);
    await t.releaseSends();
    await t.advance(0);
    expect(t.sent).toHaveLength(2);
    expect(t.sent[1]!.readings.map((r) => r.fields.heartRate)).toEqual([73, 74, 75]);
    expect(t.batcher.queued).toBe(0);
  });

  it('keeps each reading its own time, however late it is sent', async () => {
    const t = setUp();
    const first = t.now;
    t.batcher.add({ heartRate: 70 }, first);
    await t.advance(0);
    await t.advance(1_500);
    const second = t.now;
    t.batcher.add({ heartRate: 71 }, second);
    await t.advance(5_000);
    expect(t.sent.map((s) => s.readings[0]!.readingTime)).toEqual([first, second]);
  });

  it('merges the values of one read round (different fields within the window) into one reading', async () => {
    const t = setUp();
    t.batcher.add({ heartRate: 72 }, t.now);
    t.batcher.add({ batteryLevel: 87 }, t.now + 5);
    t.batcher.add({ temperature: 986 }, t.now + 12);
    // The same field again is a new measurement: a reading of its own.
    t.batcher.add({ heartRate: 73 }, t.now + 20);
    await t.advance(0);
    expect(t.sent[0]!.readings).toEqual([
      { readingTime: t.now, fields: { heartRate: 72, batteryLevel: 87, temperature: 986 } },
      { readingTime: t.now + 20, fields: { heartRate: 73 } },
    ]);
  });

  it('ignores a reading without values', async () => {
    const t = setUp();
    t.batcher.add({}, t.now);
    await t.advance(10_000);
    expect(t.sent).toEqual([]);
  });

  it('resends a failed batch with the same Idempotency-Key, backing off, newer readings behind it', async () => {
    const t = setUp();
    t.failTimes(2);
    t.batcher.add({ heartRate: 72 }, t.now);
    await t.advance(0);
    t.batcher.add({ heartRate: 80 }, t.now + 1_000);
    await t.advance(1_999); // the first resend waits 2 s
    expect(t.sent).toHaveLength(1);
    await t.advance(1);
    expect(t.sent).toHaveLength(2);
    await t.advance(3_999); // the second waits 4 s
    expect(t.sent).toHaveLength(2);
    // The third goes through, and the reading queued behind it follows at once.
    await t.advance(1);
    expect(t.sent.map((s) => s.key)).toEqual(['key-1', 'key-1', 'key-1', 'key-2']);
    expect(t.sent[2]!.readings.map((r) => r.fields.heartRate)).toEqual([72]);
    expect(t.sent[3]!.readings.map((r) => r.fields.heartRate)).toEqual([80]);
    expect(t.batcher.queued).toBe(0);
  });

  it('drops a batch the server refuses for good (4xx) and reports it', async () => {
    const errors: unknown[] = [];
    const t = setUp({ onError: (e) => errors.push(e) });
    t.failTimes(1, new Error('422: heartRate must be within 20–300 bpm'));
    t.batcher.add({ heartRate: 72 }, t.now);
    await t.advance(0);
    await t.advance(60_000);
    expect(t.sent).toHaveLength(1);
    expect(errors).toHaveLength(1);
    expect(t.batcher.queued).toBe(0);
  });

  it('on close sends what is queued at once, a failed batch with its key first', async () => {
    const t = setUp();
    t.failTimes(1);
    t.batcher.add({ heartRate: 72 }, t.now);
    await t.advance(0);
    t.batcher.add({ heartRate: 90 }, t.now + 1_500);
    await t.batcher.close();
    expect(t.sent.map((s) => [s.key, s.readings.map((r) => r.fields.heartRate)])).toEqual([
      ['key-1', [72]],
      ['key-1', [72]],
      ['key-2', [90]],
    ]);
    t.batcher.add({ heartRate: 100 }, t.now + 2_000);
    await t.advance(60_000);
    expect(t.sent).toHaveLength(3);
  });
});
