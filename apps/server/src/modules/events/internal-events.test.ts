import { describe, expect, it } from 'vitest';
import { createEventFanOut } from './fan-out.ts';
import {
  ALERT_SETTINGS_CHANGED,
  DEVICE_TOKENS_ENDED,
  internalEvent,
  isInternalEvent,
  STREAMS_ENDED,
  type StreamsEndedData,
} from './internal-events.ts';
import type { LiveEventRow, NewLiveEvent } from './repository.ts';
import { createLiveEventsService } from './service.ts';

let nextId = 1;
const row = (event: NewLiveEvent): LiveEventRow => ({
  id: nextId++,
  ...event,
  wardId: event.wardId ?? null,
  createdAt: new Date('2026-03-02T08:00:00Z'),
});

/** The live events service on one instance (no LISTEN), over a log and registry that hold nothing. */
function liveEvents() {
  const log = { byIds: async () => [], since: async () => [], notify: async () => {} };
  const fanOut = createEventFanOut({ log, listen: null });
  const service = createLiveEventsService({
    log: {} as Parameters<typeof createLiveEventsService>[0]['log'],
    fanOut,
    streams: {} as Parameters<typeof createLiveEventsService>[0]['streams'],
    clock: { now: () => new Date('2026-03-02T08:00:00Z') },
    maxStreamsPerUser: 1,
    heartbeatIntervalMs: 1000,
  });
  return { service, committed: (...events: NewLiveEvent[]) => service.committed(events.map(row)) };
}

describe('internal events (decision 034)', () => {
  it("hands each subscriber the data of its own type's events, and stops at unsubscribe", () => {
    const { service, committed } = liveEvents();
    const ended: StreamsEndedData[] = [];
    const families: number[] = [];
    let settingsChanged = 0;
    const unsubscribe = service.subscribe(STREAMS_ENDED, (data) => ended.push(data));
    service.subscribe(DEVICE_TOKENS_ENDED, (data) => families.push(data.familyId));
    service.subscribe(ALERT_SETTINGS_CHANGED, () => settingsChanged++);

    committed(
      internalEvent(STREAMS_ENDED, { userId: 7, sessionId: 'abc' }),
      { type: 'patient-updated', patientId: 3, data: {} },
      internalEvent(DEVICE_TOKENS_ENDED, { familyId: 12 }),
      internalEvent(ALERT_SETTINGS_CHANGED, {}),
    );
    expect(ended).toEqual([{ userId: 7, sessionId: 'abc' }]);
    expect(families).toEqual([12]);
    expect(settingsChanged).toBe(1);

    unsubscribe();
    committed(
      internalEvent(STREAMS_ENDED, { userId: 8 }),
      internalEvent(DEVICE_TOKENS_ENDED, { familyId: 13 }),
    );
    expect(ended).toHaveLength(1);
    expect(families).toEqual([12, 13]);
  });

  it('records an internal event as concerning no patient', () => {
    expect(internalEvent(DEVICE_TOKENS_ENDED, { familyId: 4 })).toEqual({
      type: 'device-tokens-ended',
      patientId: null,
      data: { familyId: 4 },
    });
  });

  it('tells internal events, never sent to a client, from the live events clients receive', () => {
    for (const type of [STREAMS_ENDED, DEVICE_TOKENS_ENDED, ALERT_SETTINGS_CHANGED]) {
      expect(isInternalEvent(type)).toBe(true);
    }
    for (const type of ['reading', 'patient-updated', 'ward-changed', 'alert-changed']) {
      expect(isInternalEvent(type)).toBe(false);
    }
  });
});
