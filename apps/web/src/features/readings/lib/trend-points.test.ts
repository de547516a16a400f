import type { VitalReading } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { trendPoints } from './trend-points.ts';

let nextId = 1;
const reading = (minute: number, values: Partial<VitalReading>): VitalReading => ({
  id: nextId++,
  patientId: 1,
  deviceId: null,
  deviceName: null,
  connectionType: null,
  readingTime: new Date(Date.UTC(2026, 2, 2, 8, minute)).toISOString(),
  heartRate: null,
  oxygenLevel: null,
  systolicBP: null,
  diastolicBP: null,
  temperature: null,
  skinTemperature: null,
  respiratoryRate: null,
  consciousness: null,
  onSupplementalOxygen: null,
  batteryLevel: null,
  steps: null,
  sleepHours: null,
  recordedBy: null,
  createdAt: new Date(Date.UTC(2026, 2, 2, 8, minute)).toISOString(),
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

describe('trendPoints', () => {
  it('scores a full set of observations, oldest first, temperature in °C', () => {
    const points = trendPoints([reading(30, { ...fullSet, heartRate: 130 }), reading(0, fullSet)], 1);
    expect(points.map((p) => p.timeMs)).toEqual([Date.UTC(2026, 2, 2, 8, 0), Date.UTC(2026, 2, 2, 8, 30)]);
    expect(points[0]).toMatchObject({ pulse: 65, temperatureC: 37.5, systolicBP: 120, diastolicBP: 80 });
    expect(points[0]!.news2).toEqual({
      total: 0,
      band: 'low',
      complete: true,
      missing: [],
      carriedForward: [],
    });
    expect(points[1]!.news2.total).toBe(2); // HR 130 → 2
  });

  it('carries the latest earlier value of each parameter a reading lacks, and says which', () => {
    const points = trendPoints(
      [
        reading(0, fullSet),
        reading(10, { respiratoryRate: 11 }), // RR 11 → 1
        reading(20, { heartRate: 130, oxygenLevel: 95 }), // HR 130 → 2, SpO2 95 → 1, RR 11 still → 1
      ],
      1,
    );
    expect(points[1]!.news2).toMatchObject({ total: 1, complete: true });
    expect(points[1]!.news2.carriedForward).toEqual([
      'spo2',
      'airOrOxygen',
      'systolicBP',
      'pulse',
      'consciousness',
      'temperature',
    ]);
    expect(points[1]).toMatchObject({ pulse: null, spo2: null, respiratoryRate: 11 });
    expect(points[2]!.news2.total).toBe(4);
    expect(points[2]!.news2.carriedForward).toEqual([
      'respiratoryRate',
      'airOrOxygen',
      'systolicBP',
      'consciousness',
      'temperature',
    ]);
  });

  it('marks the score incomplete while a parameter was never seen, never counting it as normal', () => {
    const points = trendPoints(
      [reading(0, { heartRate: 130, oxygenLevel: 97 }), reading(5, { ...fullSet, heartRate: 130 })],
      1,
    );
    expect(points[0]!.news2).toMatchObject({ total: 2, complete: false, carriedForward: [] });
    expect(points[0]!.news2.missing).toEqual([
      'respiratoryRate',
      'airOrOxygen',
      'systolicBP',
      'consciousness',
      'temperature',
    ]);
    expect(points[1]!.news2).toMatchObject({ total: 2, complete: true, missing: [] });
  });

  it('uses the patient’s SpO2 scale', () => {
    // Scale 2: SpO2 90 on air scores 0; scale 1: 3.
    const points = (scale: 1 | 2) => trendPoints([reading(0, { ...fullSet, oxygenLevel: 90 })], scale);
    expect(points(1)[0]!.news2.total).toBe(3);
    expect(points(2)[0]!.news2.total).toBe(0);
  });

  it('leaves out readings without vital values (battery, steps)', () => {
    const points = trendPoints([reading(0, fullSet), reading(5, { batteryLevel: 80, steps: 1200 })], 1);
    expect(points).toHaveLength(1);
  });

  it('is empty without readings', () => {
    expect(trendPoints([], 1)).toEqual([]);
  });
});
