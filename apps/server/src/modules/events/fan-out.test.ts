import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventFanOut, type ListenerFactory } from './fan-out.ts';
import type { LiveEventRow } from './repository.ts';

const event = (id: number): LiveEventRow => ({
  id,
  type: 'patient-updated',
  patientId: 1,
  data: {},
  wardId: 1,
  createdAt: new Date('2026-03-02T08:00:00Z'),
});

/** A fan-out over a fake log, with a fake LISTEN connection whose handlers the test drives. */
function fanOut(options: { crossInstance: boolean; newestId?: number; writers?: string[][] }) {
  const stored = new Map<number, LiveEventRow>();
  const writers = [...(options.writers ?? [])];
  const log = {
    newestId: async () => options.newestId ?? 0,
    /** The writers of live events at each look, in turn (none once the list is used up). */
    writers: vi.fn(async () => writers.shift() ?? []),
    notified: [] as number[][],
    sinceCalls: [] as Date[],
    byIds: vi.fn(async (ids: number[]) => ids.flatMap((id) => stored.get(id) ?? [])),
    since: vi.fn(async (from: Date) => {
      log.sinceCalls.push(from);
      return [...stored.values()];
    }),
    notify: vi.fn(async (ids: number[]) => {
      log.notified.push(ids);
    }),
  };
  let handlers: Parameters<ListenerFactory>[0] | null = null;
  const listen: ListenerFactory = (h) => {
    handlers = h;
    return { start: async () => {}, stop: async () => {} };
  };
  const fan = createEventFanOut({ log, listen: options.crossInstance ? listen : null });
  const received: number[][] = [];
  fan.subscribe((rows) => received.push(rows.map((r) => r.id)));
  const inOrder: number[] = [];
  fan.subscribeOrdered((events) => inOrder.push(...events.map((e) => e.row.id)));
  return {
    fan,
    log,
    received,
    inOrder,
    store: (...rows: LiveEventRow[]) => {
      for (const r of rows) stored.set(r.id, r);
    },
    handlers: () => handlers!,
  };
}

describe('the live-event fan-out (decision 005)', () => {
  beforeEach(async () => {
    vi.useFakeTimers();
    await vi.advanceTimersByTimeAsync(1000); // a quiet spell: no NOTIFY in the last 10 ms
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('dispatches committed events at once, in id order, and never twice', () => {
    const { fan, received } = fanOut({ crossInstance: false });
    fan.publish([event(3), event(2)]);
    fan.publish([event(2), event(4)]);
    expect(received).toEqual([[2, 3], [4]]);
  });

  it('on PGlite sends no NOTIFY', async () => {
    const { fan, log } = fanOut({ crossInstance: false });
    fan.publish([event(1)]);
    await vi.advanceTimersByTimeAsync(50);
    expect(log.notify).not.toHaveBeenCalled();
  });

  it('NOTIFYs ids at most once per 10 ms: ids committed meanwhile share one', async () => {
    const { fan, log } = fanOut({ crossInstance: true });
    fan.publish([event(1)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(log.notified).toEqual([[1]]); // after a quiet spell: at once
    fan.publish([event(2)]);
    fan.publish([event(3), event(4)]);
    await vi.advanceTimersByTimeAsync(5);
    expect(log.notified).toEqual([[1]]);
    await vi.advanceTimersByTimeAsync(5);
    expect(log.notified).toEqual([[1], [2, 3, 4]]);
  });

  it('reads back the ids other instances NOTIFY, skipping those already dispatched', async () => {
    const { fan, log, received, store, handlers } = fanOut({ crossInstance: true });
    fan.publish([event(5)]);
    store(event(5), event(6), event(7));
    handlers().onNotification('5,6,x,7');
    await vi.advanceTimersByTimeAsync(0);
    expect(log.byIds).toHaveBeenCalledWith([6, 7]);
    expect(received).toEqual([[5], [6, 7]]);
    handlers().onNotification('6,7');
    await vi.advanceTimersByTimeAsync(0);
    expect(log.byIds).toHaveBeenCalledTimes(1);
  });

  it('after a lost LISTEN, re-reads from 10 s before the loss and dispatches only what is new', async () => {
    const { fan, log, received, store, handlers } = fanOut({ crossInstance: true });
    fan.publish([event(8)]);
    store(event(8), event(9));
    const lostAt = new Date('2026-03-02T08:00:30Z');
    await handlers().onRestored(lostAt);
    expect(log.sinceCalls).toEqual([new Date('2026-03-02T08:00:20Z')]);
    expect(received).toEqual([[8], [9]]);
  });

  it('sends what is still pending when it stops', async () => {
    const { fan, log } = fanOut({ crossInstance: true });
    fan.publish([event(1)]);
    await vi.advanceTimersByTimeAsync(0);
    fan.publish([event(2)]);
    await fan.stop();
    expect(log.notified).toEqual([[1], [2]]);
  });

  describe('to the client streams, in id order (decision 032)', () => {
    it('holds an event until the smaller ids other instances committed have come', async () => {
      const { fan, inOrder, received, store, handlers } = fanOut({ crossInstance: true, newestId: 10 });
      await fan.start();
      fan.publish([event(11)]);
      fan.publish([event(13)]);
      expect(received).toEqual([[11], [13]]); // the caches hear at once
      expect(inOrder).toEqual([11]);
      store(event(12));
      handlers().onNotification('12');
      await vi.advanceTimersByTimeAsync(0);
      expect(inOrder).toEqual([11, 12, 13]);
      expect(fan.frontier()).toBe(13);
    });

    it('settles a gap once no transaction that was writing events when it was seen is left', async () => {
      const { fan, inOrder, log } = fanOut({
        crossInstance: true,
        newestId: 13,
        writers: [['3/7'], ['3/7', '4/1'], ['4/1']],
      });
      await fan.start();
      fan.publish([event(15)]); // 14 drawn by a transaction that is still writing, then rolls back
      await vi.advanceTimersByTimeAsync(100);
      await vi.advanceTimersByTimeAsync(100);
      expect(inOrder).toEqual([]);
      await vi.advanceTimersByTimeAsync(100);
      expect(log.byIds).toHaveBeenCalledWith([14]);
      expect(inOrder).toEqual([15]);
    });

    it('reads back an event whose NOTIFY was lost, when a later one shows the gap', async () => {
      const { fan, inOrder, received, store } = fanOut({ crossInstance: true, newestId: 20 });
      await fan.start();
      store(event(21)); // committed by an instance that died before its NOTIFY
      fan.publish([event(22)]);
      await vi.advanceTimersByTimeAsync(100);
      expect(inOrder).toEqual([21, 22]);
      expect(received).toEqual([[22], [21]]);
    });
  });
});
