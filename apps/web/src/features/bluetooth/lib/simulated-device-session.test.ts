import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIMULATED_BATTERY_DRAIN_MS, SimulatedDeviceSession } from './simulated-device-session.ts';

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-02T08:00:00.000Z') }));
afterEach(() => vi.useRealTimers());

describe('a demo device\'s battery reads "—", 84 % and 98 % in three places at once (issue 40 item 9)', () => {
  it('knows its battery from the start and reports one level, draining slowly, in every reading', async () => {
    const batteries: unknown[] = [];
    let random = 0.1;
    const session = new SimulatedDeviceSession(
      'demo-1',
      'Demo Device (Simulation)',
      { onChange: () => {}, onReading: (fields) => batteries.push(fields.batteryLevel) },
      () => {
        random = (random + 0.37) % 1; // values that change every frame
        return random;
      },
    );
    // Known before it starts: the link registered first carries it.
    const first = session.state.batteryLevel;
    await session.start();
    expect(first).toBeGreaterThanOrEqual(60);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(new Set(batteries)).toEqual(new Set([first]));
    await vi.advanceTimersByTimeAsync(SIMULATED_BATTERY_DRAIN_MS);
    expect(batteries.at(-1)).toBe(first! - 1);
    session.stop();
  });
});
