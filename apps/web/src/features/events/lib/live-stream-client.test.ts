import { describe, expect, it } from 'vitest';
import { LiveStreamClient, type StreamHandlers, type Timers } from './live-stream-client.ts';
import { RECONNECT_CAP_MS, RECONNECT_JITTER } from './reconnect-policy.ts';

/** A clock the test moves by hand, running due timers in time order. */
class ManualClock implements Timers {
  time = 0;
  #timers = new Map<number, { at: number; run: () => void }>();
  #nextId = 1;

  now = () => this.time;
  setTimeout = (run: () => void, ms: number) => {
    const id = this.#nextId++;
    this.#timers.set(id, { at: this.time + ms, run });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.#timers.delete(handle as number);
  };

  /** Moves the clock forward by `ms`, running every timer that falls due on the way. */
  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.#timers.entries()]
        .filter(([, t]) => t.at <= end)
        .sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.time = due[1].at;
      due[1].run();
    }
    this.time = end;
  }
}

/** A server the test controls: each opened stream is answered up or down, as the test says. */
function setUp({ random = () => 0.5 }: { random?: () => number } = {}) {
  const clock = new ManualClock();
  const opened: { url: string; at: number; handlers: StreamHandlers; isClosed: boolean }[] = [];
  let isServerUp = false;
  const counts = { resumed: 0, failures: 0 };
  const messages: string[] = [];
  const client = new LiveStreamClient({
    timers: clock,
    random,
    open(url, handlers) {
      const stream = { url, at: clock.time, handlers, isClosed: false };
      opened.push(stream);
      // The browser reports the outcome asynchronously; here at once, in the same tick.
      if (isServerUp) handlers.onOpen();
      else handlers.onError();
      return () => {
        stream.isClosed = true;
      };
    },
    onState() {},
    onMessage: (data) => messages.push(data),
    onResumed: () => counts.resumed++,
    onFailure: () => counts.failures++,
  });
  const current = () => opened.at(-1)!;
  return {
    clock,
    client,
    opened,
    counts,
    messages,
    serverUp() {
      isServerUp = true;
    },
    serverDown() {
      isServerUp = false;
    },
    /** The open stream drops (server stopped, network lost). */
    drop() {
      isServerUp = false;
      current().handlers.onError();
    },
    current,
  };
}

/** The times of the attempts after the first connection, relative to `from`. */
const attemptTimes = (opened: { at: number }[], from: number) => opened.slice(1).map((s) => s.at - from);

describe('the live event stream reconnects', () => {
  it('after a drop, first at 2, 5, 9.5, 16.25 and 26.375 s (spec: 2 s × 1.5ⁿ), then about every 30 s, for ever', () => {
    const t = setUp();
    t.serverUp();
    t.client.start();
    expect(t.client.state.status).toBe('live');

    t.clock.advance(60_000);
    const droppedAt = t.clock.time;
    t.drop();
    expect(t.client.state).toMatchObject({ status: 'offline', lastLiveAt: droppedAt, attempts: 1 });
    expect(t.client.state.nextAttemptAt).toBe(droppedAt + 2000);

    // An hour down: the spec's five attempts, then one every 22.5–30 s, and still trying.
    t.clock.advance(3_600_000);
    const times = attemptTimes(t.opened, droppedAt);
    expect(times.slice(0, 5)).toEqual([2000, 5000, 9500, 16_250, 26_375]);
    const gaps = times.slice(5).map((time, i) => time - times[i + 4]!);
    expect(gaps.length).toBeGreaterThan(100);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThan(RECONNECT_CAP_MS * (1 - RECONNECT_JITTER));
      expect(gap).toBeLessThanOrEqual(RECONNECT_CAP_MS);
    }
    expect(t.client.state.status).toBe('offline');
    expect(t.client.state.lastLiveAt).toBe(droppedAt);
    expect(t.opened.slice(0, -1).every((s) => s.isClosed)).toBe(true);
  });

  it('spreads the capped attempts of many screens (jitter), never beyond the cap', () => {
    const firstCapped = (random: number) => {
      const t = setUp({ random: () => random });
      t.client.start(); // never up: the same schedule from the first failure
      t.clock.advance(120_000);
      const times = attemptTimes([{ at: 0 }, ...t.opened], 0);
      return times[6]! - times[5]!;
    };
    expect(firstCapped(0)).toBe(30_000);
    expect(firstCapped(0.5)).toBe(26_250);
    expect(firstCapped(0.999)).toBe(22_508);
  });

  it('heals without a click when the server returns, resuming after the last event and refetching', () => {
    const t = setUp();
    t.serverUp();
    t.client.start();
    t.current().handlers.onMessage('{"type":"reading"}', '41');
    t.current().handlers.onMessage('{"type":"ping"}', '');
    t.current().handlers.onMessage('{"type":"reading"}', '42');
    expect(t.messages).toHaveLength(3);
    expect(t.counts.resumed).toBe(0);

    const droppedAt = t.clock.time;
    t.drop();
    t.clock.advance(61_000); // down for over a minute
    const attemptsWhileDown = t.opened.length - 1;
    expect(attemptsWhileDown).toBe(6); // the spec's five and a capped one
    t.serverUp();
    const backAt = t.clock.time;
    // The next attempt is due within the cap of the server's return.
    expect(t.client.state.nextAttemptAt! - backAt).toBeLessThanOrEqual(RECONNECT_CAP_MS);
    t.clock.advance(RECONNECT_CAP_MS);
    expect(t.client.state.status).toBe('live');
    expect(t.current().url).toBe('/api/events?lastEventId=42');
    expect(t.counts.resumed).toBe(1);
    expect(t.client.state.attempts).toBe(0);
    expect(t.current().at - droppedAt).toBeGreaterThan(61_000);

    // A later drop starts the spec's schedule again.
    const secondDrop = t.clock.time;
    t.drop();
    expect(t.client.state.nextAttemptAt).toBe(secondDrop + 2000);
  });

  it('comes back within 10 s of a server that was down for less than 20 s', () => {
    // The worst case is a return just after the fourth attempt (16.25 s): the fifth follows 10.125 s later.
    for (const downMs of [1_000, 4_000, 8_000, 12_000, 15_000, 16_300, 19_000]) {
      const t = setUp();
      t.serverUp();
      t.client.start();
      t.drop();
      t.clock.advance(downMs);
      t.serverUp();
      const backAt = t.clock.time;
      t.clock.advance(10_200);
      expect(t.client.state.status, `down ${downMs} ms`).toBe('live');
      expect(t.current().at - backAt, `down ${downMs} ms`).toBeLessThanOrEqual(10_125);
    }
  });

  it('tries at once when asked, with the schedule started afresh, but not while up', () => {
    const t = setUp();
    t.serverUp();
    t.client.start();
    t.client.reconnectNow();
    expect(t.opened).toHaveLength(1);

    t.drop();
    t.clock.advance(40_000);
    expect(t.client.state.attempts).toBeGreaterThan(5);
    t.client.reconnectNow(); // still down: a failed attempt, then 2 s again
    expect(t.opened.at(-1)!.at).toBe(t.clock.time);
    expect(t.client.state.nextAttemptAt).toBe(t.clock.time + 2000);
    t.serverUp();
    t.client.reconnectNow();
    expect(t.client.state.status).toBe('live');
  });

  it('hands over to another server when told the stream is ending: soon, resuming after the last event, staying live', () => {
    const t = setUp({ random: () => 0.5 });
    t.serverUp();
    t.client.start();
    t.current().handlers.onMessage('{"type":"reading"}', '57');
    const old = t.current();
    t.client.handOver(500);
    expect(old.isClosed).toBe(true);
    // A planned restart is no outage: the screen does not say it is offline.
    expect(t.client.state.status).toBe('live');
    expect(t.counts.failures).toBe(0);
    t.clock.advance(249);
    expect(t.opened).toHaveLength(1);
    t.clock.advance(1); // at a random moment within the 500 ms (here half-way)
    expect(t.opened).toHaveLength(2);
    expect(t.current().url).toBe('/api/events?lastEventId=57');
    expect(t.client.state.status).toBe('live');
    expect(t.counts.resumed).toBe(1);

    // Should no server answer, the usual schedule takes over.
    t.client.handOver(500);
    t.serverDown();
    t.clock.advance(250);
    expect(t.client.state).toMatchObject({ status: 'offline', attempts: 1 });
    expect(t.client.state.nextAttemptAt).toBe(t.clock.time + 2000);
  });

  it('stops for good: no attempt after stop(), and late callbacks of old streams are ignored', () => {
    const t = setUp();
    t.serverUp();
    t.client.start();
    const first = t.current();
    t.drop();
    first.handlers.onOpen(); // the closed stream cannot bring the screen back
    expect(t.client.state.status).toBe('offline');
    t.client.stop();
    const count = t.opened.length;
    t.clock.advance(300_000);
    expect(t.opened).toHaveLength(count);
    expect(t.counts.failures).toBe(1);
  });
});
