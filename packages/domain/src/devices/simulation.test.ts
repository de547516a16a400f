import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { decodeCharacteristic } from './gatt/decode.ts';
import { type GattReadingFields, measurementToReading } from './gatt/reading.ts';
import { GATT_CHARACTERISTICS } from './gatt/uuids.ts';
import {
  SIMULATED_DEVICE_MODEL,
  type SimulatedVitals,
  simulatedFrames,
  simulatedVitals,
} from './simulation.ts';

/** mulberry32: a small seeded generator, uniform in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RANGES: Record<keyof SimulatedVitals, [number, number]> = {
  heartRate: [68, 80],
  oxygenLevel: [97, 99],
  systolicBP: [118, 122],
  diastolicBP: [78, 82],
  temperature: [985, 989],
  batteryLevel: [60, 100],
  steps: [7500, 9999],
  sleepHours: [7, 8],
};

function expectInRanges(vitals: SimulatedVitals) {
  for (const [name, [min, max]] of Object.entries(RANGES)) {
    const value = vitals[name as keyof SimulatedVitals];
    expect(value, name).toBeGreaterThanOrEqual(min);
    expect(value, name).toBeLessThanOrEqual(max);
    const step = name === 'sleepHours' ? 10 : 1;
    expect(Number.isInteger(Math.round(value * step * 1e9) / 1e9), name).toBe(true);
  }
}

describe('simulatedVitals (Simulation Mode)', () => {
  it('stays within the simulated ranges for any seed', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        expectInRanges(simulatedVitals(seeded(seed)));
      }),
    );
  });

  it('reaches both ends of every range', () => {
    expect(simulatedVitals(() => 0)).toEqual({
      heartRate: 68,
      oxygenLevel: 97,
      systolicBP: 118,
      diastolicBP: 78,
      temperature: 985,
      batteryLevel: 60,
      steps: 7500,
      sleepHours: 7,
    });
    expect(simulatedVitals(() => 1 - 2 ** -53)).toEqual({
      heartRate: 80,
      oxygenLevel: 99,
      systolicBP: 122,
      diastolicBP: 82,
      temperature: 989,
      batteryLevel: 100,
      steps: 9999,
      sleepHours: 8,
    });
  });

  it('is reproducible from a seed and uses only the random source it is given', () => {
    const spy = vi.spyOn(Math, 'random');
    expect(simulatedVitals(seeded(42))).toEqual(simulatedVitals(seeded(42)));
    expect(simulatedVitals(seeded(42))).not.toEqual(simulatedVitals(seeded(43)));
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('simulatedFrames', () => {
  it('go through the real decoders and give back the simulated vitals', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const vitals = simulatedVitals(seeded(seed));
        const frames = simulatedFrames(vitals);
        const merged: GattReadingFields = {};
        for (const [uuid, bytes] of Object.entries(frames)) {
          const fields = measurementToReading(decodeCharacteristic(Number(uuid), bytes));
          // Two frames carry the pulse: they must agree.
          if (fields.heartRate !== undefined && merged.heartRate !== undefined) {
            expect(fields.heartRate).toBe(merged.heartRate);
          }
          Object.assign(merged, fields);
        }
        const { steps: _steps, sleepHours: _sleepHours, ...carried } = vitals;
        expect(merged).toEqual(carried);
      }),
    );
  });

  it('send every characteristic a monitor would', () => {
    const frames = simulatedFrames(simulatedVitals(seeded(7)));
    const C = GATT_CHARACTERISTICS;
    expect(Object.keys(frames).map(Number).sort()).toEqual(
      [
        C.heartRateMeasurement,
        C.batteryLevel,
        C.temperatureMeasurement,
        C.plxContinuous,
        C.bloodPressureMeasurement,
        C.modelNumberString,
      ].sort(),
    );
    expect(decodeCharacteristic(C.modelNumberString, frames[C.modelNumberString]!)).toEqual({
      kind: 'model-number',
      modelNumber: SIMULATED_DEVICE_MODEL,
    });
    expect(decodeCharacteristic(C.heartRateMeasurement, frames[C.heartRateMeasurement]!)).toMatchObject({
      sensorContact: 'detected',
    });
  });
});
