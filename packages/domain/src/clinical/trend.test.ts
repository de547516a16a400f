import { describe, expect, it } from 'vitest';
import type { VitalReading } from '../entities.ts';
import { news2Trend, type TrendReading } from './trend.ts';

const now = new Date('2024-05-01T12:00:00.000Z');

function minutesAgo(minutes: number): string {
  return new Date(now.getTime() - minutes * 60_000).toISOString();
}

const normalVitals = { heartRate: 72, oxygenLevel: 98, systolicBP: 120, diastolicBP: 80, temperature: 986 };

/** One reading per entry, `spacingMinutes` apart, ending now; each pulse sets the score (pulse scores 0–3). */
function pulseSeries(pulses: number[], spacingMinutes = 60): TrendReading[] {
  return pulses.map((heartRate, index) => ({
    ...normalVitals,
    heartRate,
    readingTime: minutesAgo((pulses.length - 1 - index) * spacingMinutes),
  }));
}

// Pulse 72 → 0, 95 → 1, 120 → 2, 135 → 3 (RCP NEWS2 chart).
describe('news2Trend direction', () => {
  it.each([
    { name: 'rising score', pulses: [72, 95, 120, 135], trend: 'DECLINING', slope: 1 },
    { name: 'falling score', pulses: [135, 120, 95, 72], trend: 'IMPROVING', slope: -1 },
    { name: 'flat score', pulses: [72, 75, 80, 78], trend: 'STABLE', slope: 0 },
    { name: 'noise around a flat score', pulses: [72, 95, 72, 95, 72], trend: 'STABLE', slope: 0 },
    { name: 'one point up over the span', pulses: [72, 72, 95], trend: 'DECLINING', slope: 0.5 },
  ])('$name → $trend', ({ pulses, trend, slope }) => {
    const result = news2Trend(pulseSeries(pulses), now);
    expect(result.trend).toBe(trend);
    expect(result.basis).toBe('history');
    expect(result.readingsUsed).toBe(pulses.length);
    expect(result.slopePerHour).toBeCloseTo(slope, 6);
    expect(result.explanation).toContain(trend);
  });

  it('explains the change, the span and the compared parameters', () => {
    const result = news2Trend(pulseSeries([72, 95, 120, 135]), now);
    expect(result.explanation).toBe(
      'NEWS2 rising (DECLINING): 0 → 3 over 3 h from 4 readings, fitted slope +1.00 points/h; ' +
        'compared parameters: SpO2, systolic blood pressure, pulse, temperature.',
    );
    expect(result.parameters).toEqual(['spo2', 'systolicBP', 'pulse', 'temperature']);
  });
});

describe('news2Trend with too little data', () => {
  it.each([
    { name: 'no readings', readings: [] as TrendReading[], used: 0, why: '0 scorable readings' },
    { name: 'two readings', readings: pulseSeries([72, 135]), used: 2, why: '2 scorable readings' },
    {
      name: 'three readings within 20 min',
      readings: pulseSeries([72, 95, 135], 10),
      used: 3,
      why: 'span 20 min',
    },
    {
      name: 'readings without any vital',
      readings: [0, 60, 120].map((m) => ({ readingTime: minutesAgo(m) })),
      used: 0,
      why: '0 scorable readings',
    },
  ])('$name → STABLE, insufficient-data', ({ readings, used, why }) => {
    const result = news2Trend(readings, now);
    expect(result.trend).toBe('STABLE');
    expect(result.basis).toBe('insufficient-data');
    expect(result.readingsUsed).toBe(used);
    expect(result.slopePerHour).toBeUndefined();
    expect(result.explanation).toContain('Not enough data for a NEWS2 trend');
    expect(result.explanation).toContain(why);
  });

  it('needs a parameter recorded in every reading', () => {
    const readings: TrendReading[] = [
      { readingTime: minutesAgo(120), heartRate: 72 },
      { readingTime: minutesAgo(60), oxygenLevel: 90 },
      { readingTime: minutesAgo(0), respiratoryRate: 30 },
    ];
    const result = news2Trend(readings, now);
    expect(result.basis).toBe('insufficient-data');
    expect(result.explanation).toContain('no NEWS2 parameter was recorded in every reading');
  });
});

describe('news2Trend window and inputs', () => {
  it('ignores readings older than the window and after now', () => {
    const readings: TrendReading[] = [
      { ...normalVitals, heartRate: 135, readingTime: minutesAgo(7 * 60) },
      { ...normalVitals, heartRate: 135, readingTime: minutesAgo(6.5 * 60) },
      ...pulseSeries([72, 72, 72]),
      { ...normalVitals, heartRate: 135, readingTime: new Date(now.getTime() + 60_000).toISOString() },
    ];
    const result = news2Trend(readings, now);
    expect(result.trend).toBe('STABLE');
    expect(result.basis).toBe('history');
    expect(result.readingsUsed).toBe(3);
  });

  it('a wider window brings older readings in', () => {
    const readings: TrendReading[] = [
      { ...normalVitals, heartRate: 135, readingTime: minutesAgo(9 * 60) },
      { ...normalVitals, heartRate: 135, readingTime: minutesAgo(8 * 60) },
      ...pulseSeries([72, 72, 72]),
    ];
    expect(news2Trend(readings, now, { windowHours: 10 }).trend).toBe('IMPROVING');
  });

  it('accepts Date objects, unsorted readings and unreadable times', () => {
    const readings: TrendReading[] = [
      { ...normalVitals, heartRate: 135, readingTime: new Date(now.getTime()) },
      { ...normalVitals, heartRate: 72, readingTime: minutesAgo(120) },
      { ...normalVitals, heartRate: 135, readingTime: 'not a date' },
      { ...normalVitals, heartRate: 95, readingTime: minutesAgo(60) },
    ];
    const result = news2Trend(readings, now);
    expect(result.trend).toBe('DECLINING');
    expect(result.readingsUsed).toBe(3);
  });

  it('compares only parameters present in every reading, so a newly recorded one cannot fake a trend', () => {
    const readings: TrendReading[] = [
      ...pulseSeries([72, 72]).map((r, i) => ({ ...r, readingTime: minutesAgo(120 - i * 60) })),
      { ...normalVitals, respiratoryRate: 30, readingTime: minutesAgo(0) },
    ];
    const result = news2Trend(readings, now);
    expect(result.trend).toBe('STABLE');
    expect(result.parameters).not.toContain('respiratoryRate');
  });

  it.each([
    { spo2Scale: 1, trend: 'DECLINING' },
    { spo2Scale: 2, trend: 'IMPROVING' },
  ] as const)('scores SpO2 on the patient scale: scale $spo2Scale → $trend', ({ spo2Scale, trend }) => {
    // On oxygen, SpO2 97 → 95 → 93 scores 0 → 1 → 2 on scale 1 but 3 → 2 → 1 on scale 2.
    const readings: TrendReading[] = [97, 95, 93].map((oxygenLevel, index) => ({
      ...normalVitals,
      oxygenLevel,
      onSupplementalOxygen: true,
      readingTime: minutesAgo((2 - index) * 60),
    }));
    expect(news2Trend(readings, now, { spo2Scale }).trend).toBe(trend);
  });

  it('accepts stored VitalReading rows', () => {
    const row = (minutes: number, heartRate: number): VitalReading => ({
      id: minutes,
      patientId: 1,
      deviceId: null,
      deviceName: null,
      connectionType: null,
      readingTime: minutesAgo(minutes),
      heartRate,
      oxygenLevel: 98,
      systolicBP: null,
      diastolicBP: null,
      temperature: 986,
      skinTemperature: null,
      respiratoryRate: null,
      consciousness: null,
      onSupplementalOxygen: null,
      batteryLevel: 80,
      steps: null,
      sleepHours: null,
      recordedBy: null,
      createdAt: minutesAgo(minutes),
      provenance: 'observation',
      windowStart: null,
      windowEnd: null,
      status: 'valid',
      corrects: null,
      correction: null,
    });
    const result = news2Trend([row(120, 72), row(60, 120), row(0, 135)], now);
    expect(result.trend).toBe('DECLINING');
    expect(result.parameters).toEqual(['spo2', 'pulse', 'temperature']);
  });
});
