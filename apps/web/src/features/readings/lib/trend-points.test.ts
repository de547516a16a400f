import type { News2Point, VitalReading } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { makeReading } from '@/test/reading-factory.ts';
import { trendPoints } from './trend-points.ts';

let nextId = 1;
const reading = (minute: number, values: Partial<VitalReading>): VitalReading =>
  makeReading({
    id: nextId++,
    readingTime: new Date(Date.UTC(2026, 2, 2, 8, minute)).toISOString(),
    ...values,
  });

// RR 18, SpO2 99 on air, SBP 120, HR 65, Alert, 37.5 °C (995 tenths °F) → NEWS2 0 (docs/reference/clinical.md).
const fullSet: Partial<VitalReading> = {
  respiratoryRate: 18,
  oxygenLevel: 99,
  onSupplementalOxygen: false,
  systolicBP: 120,
  diastolicBP: 80,
  heartRate: 65,
  consciousness: 'A',
  temperature: 995,
};

/** The server's NEWS2 for a reading, as GET /api/patients/{id}/news2-series lists it. */
const point = (r: VitalReading, total: number, over: Partial<News2Point> = {}): News2Point => ({
  readingId: r.id,
  readingTime: r.readingTime,
  total,
  band: total >= 7 ? 'high' : total >= 5 ? 'medium' : 'low',
  complete: true,
  missing: [],
  carriedForward: [],
  ...over,
});
const everything = () => true;

describe('trendPoints', () => {
  it('plots the readings oldest first, temperature in °C, with the NEWS2 the server gives each', () => {
    const early = reading(0, fullSet);
    const late = reading(30, { ...fullSet, heartRate: 130 });
    const points = trendPoints([late, early], [point(early, 0), point(late, 2)], everything);
    expect(points.map((p) => p.timeMs)).toEqual([Date.UTC(2026, 2, 2, 8, 0), Date.UTC(2026, 2, 2, 8, 30)]);
    expect(points[0]).toMatchObject({ heartRate: 65, temperature: 37.5, systolicBP: 120, diastolicBP: 80 });
    expect(points[0]!.news2).toEqual({
      total: 0,
      band: 'low',
      complete: true,
      missing: [],
      carriedForward: [],
    });
    expect(points[1]!.news2?.total).toBe(2);
  });

  it("shows the server's score, whatever the values would give", () => {
    // A pulse oximeter's reading: the server scored it with the values carried forward (and says so).
    const partial = reading(10, { heartRate: 65, oxygenLevel: 99 });
    const [p] = trendPoints(
      [partial],
      [point(partial, 5, { carriedForward: ['respiratoryRate', 'temperature'] })],
      everything,
    );
    expect(p!.news2).toMatchObject({ total: 5, carriedForward: ['respiratoryRate', 'temperature'] });
    expect(p).toMatchObject({ heartRate: 65, oxygenLevel: 99, respiratoryRate: null });
  });

  it('has no NEWS2 for a reading the series does not list yet', () => {
    const fresh = reading(40, fullSet);
    expect(trendPoints([fresh], [], everything)[0]!.news2).toBeNull();
  });

  it("plots only the readings that count as the patient's state", () => {
    const observed = reading(0, fullSet);
    const night = reading(5, {
      heartRate: 52,
      oxygenLevel: 95,
      provenance: 'wearable-summary',
      windowStart: '2026-03-02T01:10:00.000Z',
      windowEnd: '2026-03-02T06:40:00.000Z',
    });
    const points = trendPoints(
      [observed, night],
      [point(observed, 0)],
      (r) => r.provenance !== 'wearable-summary',
    );
    expect(points.map((p) => p.readingId)).toEqual([observed.id]);
  });

  it("carries each reading's class", () => {
    const demo = reading(0, { ...fullSet, provenance: 'demo' });
    expect(trendPoints([demo], [], everything)[0]!.provenance).toBe('demo');
  });

  it('leaves out readings without vital values (battery, steps)', () => {
    const points = trendPoints(
      [reading(0, fullSet), reading(5, { batteryLevel: 80, steps: 1200 })],
      [],
      everything,
    );
    expect(points).toHaveLength(1);
  });

  it('is empty without readings', () => {
    expect(trendPoints([], [], everything)).toEqual([]);
  });
});
