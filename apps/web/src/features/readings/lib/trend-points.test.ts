import type { VitalReading } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { makeReading } from '@/test/reading-factory.ts';
import { makeTrend } from '@/test/trend-factory.ts';
import { trendPoints } from './trend-points.ts';

const at = (minute: number) => Date.UTC(2026, 2, 2, 8, minute);
// RR 18, SpO2 99 on air, SBP 120, HR 65, Alert, 37.5 °C (995 tenths °F) → NEWS2 0 (docs/reference/clinical.md).
const fullSet = {
  respiratoryRate: 18,
  oxygenLevel: 99,
  onSupplementalOxygen: false,
  systolicBP: 120,
  diastolicBP: 80,
  heartRate: 65,
  consciousness: 'A' as const,
  temperature: 995,
};
const real = { isDemo: false };

describe('trendPoints', () => {
  it("plots the server's trend oldest first, temperature in °C, ACVPU as its letter, with the server's NEWS2", () => {
    const trend = makeTrend([
      { timeMs: at(0), values: fullSet, total: 0, readingId: 1 },
      { timeMs: at(30), values: { ...fullSet, heartRate: 130 }, total: 2, readingId: 2 },
    ]);
    const points = trendPoints(trend, [], real);
    expect(points.map((p) => p.timeMs)).toEqual([at(0), at(30)]);
    expect(points[0]).toMatchObject({
      heartRate: 65,
      temperature: 37.5,
      systolicBP: 120,
      consciousness: 'A',
      onSupplementalOxygen: false,
      readingId: 1,
      count: 1,
    });
    expect(points[0]!.news2).toEqual({ total: 0, highest: 0, band: 'low', complete: true, missing: [] });
    expect(points[1]!.news2?.total).toBe(2);
  });

  it("keeps a bucket's range, its count and the highest score a reading in it has", () => {
    const trend = makeTrend([
      {
        timeMs: at(1),
        values: { heartRate: 72, oxygenLevel: 97 },
        ranges: { oxygenLevel: [85, 98] },
        count: 60,
        total: 0,
        highest: 3,
        missing: ['respiratoryRate', 'temperature'],
        provenance: 'device',
      },
    ]);
    const [p] = trendPoints(trend, [], real);
    expect(p).toMatchObject({
      readingId: null,
      count: 60,
      oxygenLevel: 97,
      range: { oxygenLevel: [85, 98] },
    });
    expect(p!.news2).toMatchObject({
      total: 0,
      highest: 3,
      complete: false,
      missing: ['respiratoryRate', 'temperature'],
    });
  });

  it('draws the live readings after the trend, unscored until the trend is read again', () => {
    const trend = makeTrend([{ timeMs: at(0), values: fullSet, total: 0, readingId: 1 }]);
    const live: VitalReading[] = [
      makeReading({ id: 1, readingTime: new Date(at(0)).toISOString(), ...fullSet }),
      makeReading({
        id: 5,
        readingTime: new Date(at(2)).toISOString(),
        heartRate: 120,
        provenance: 'device',
      }),
      makeReading({ id: 6, readingTime: new Date(at(3)).toISOString(), batteryLevel: 80 }),
      makeReading({
        id: 7,
        readingTime: new Date(at(4)).toISOString(),
        heartRate: 50,
        provenance: 'simulation',
      }),
      makeReading({
        id: 8,
        readingTime: new Date(at(5)).toISOString(),
        heartRate: 99,
        status: 'entered-in-error',
      }),
    ];
    const points = trendPoints(trend, live, real);
    expect(points.map((p) => p.readingId)).toEqual([1, 5]);
    expect(points[1]).toMatchObject({ heartRate: 120, news2: null, provenance: 'device' });
    // A demo patient's simulated readings are its state.
    expect(trendPoints(trend, live, { isDemo: true }).map((p) => p.readingId)).toEqual([1, 5, 7]);
  });

  it('is empty without a trend or readings', () => {
    expect(trendPoints(undefined, [], real)).toEqual([]);
    expect(trendPoints(makeTrend([]), [], real)).toEqual([]);
  });
});
