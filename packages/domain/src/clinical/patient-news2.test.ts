import { describe, expect, it } from 'vitest';
import { vitalsFromPatient } from './analysis.ts';
import { computeNews2, news2InputFromVitals } from './news2.ts';
import { news2Series } from './news2-series.ts';
import {
  applyReadings,
  CONTINUOUS_STALE_AFTER_MS,
  news2OfSummary,
  summarizeNews2,
  withStaleness,
} from './patient-news2.ts';
import type { ReadingProvenance } from './provenance.ts';
import type { VitalSources } from './vital-sources.ts';

const now = Date.parse('2026-11-25T03:00:00.000Z');
const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString();

// docs/reference/clinical.md worked example: RR 25, SpO2 93, SBP 100, HR 130, 38.5 °C → 10 (all Alert, air).
const unwell = {
  respiratoryRate: 25,
  oxygenLevel: 93,
  onSupplementalOxygen: false,
  systolicBP: 100,
  diastolicBP: 60,
  heartRate: 130,
  consciousness: 'A' as const,
  temperature: 1013, // 38.5 °C
  spo2Scale: 1 as const,
  isDemo: false,
};
const observed = (m: number) => ({ provenance: 'observation' as const, at: minutesAgo(m), source: null });
const allObserved = (m: number): VitalSources => ({
  respiratoryRate: observed(m),
  oxygenLevel: observed(m),
  onSupplementalOxygen: observed(m),
  systolicBP: observed(m),
  diastolicBP: observed(m),
  heartRate: { provenance: 'device', at: minutesAgo(m), source: 'Polar H10' },
  consciousness: observed(m),
  temperature: observed(m),
});

describe('summarizeNews2', () => {
  it('says which side of the normal band each scored value lies, so screens need no chart (issue 40)', () => {
    const sides = (values: Partial<typeof unwell>) =>
      Object.fromEntries(
        summarizeNews2({ ...unwell, ...values }, allObserved(5), now).parameters.map((p) => [
          p.parameter,
          p.side,
        ]),
      );
    // RR 25 high, SpO2 93 low, SBP 100 low, HR 130 high, 38.5 °C high; alert and on air: no side.
    expect(sides({})).toEqual({
      respiratoryRate: 'high',
      spo2: 'low',
      airOrOxygen: null,
      systolicBP: 'low',
      pulse: 'high',
      consciousness: null,
      temperature: 'high',
    });
    // BP 85/50 (3 points) is low; a calm value has no side.
    expect(sides({ systolicBP: 85, diastolicBP: 50, respiratoryRate: 16 })).toMatchObject({
      systolicBP: 'low',
      respiratoryRate: null,
    });
  });

  it('equals the NEWS2 engine on the same values, with the band, level and response', () => {
    const summary = summarizeNews2(unwell, allObserved(5), now);
    const engine = computeNews2(news2InputFromVitals(vitalsFromPatient(unwell), 1));
    expect(summary.total).toBe(10);
    expect(summary.total).toBe(engine.total);
    expect(summary.band).toBe('high');
    expect(summary.alertLevel).toBe('CRITICAL');
    expect(summary.monitoring.isContinuous).toBe(true);
    expect(summary.response).toBe(engine.response);
    expect(summary.parameters.map((p) => [p.parameter, p.score])).toEqual(
      Object.entries(engine.scores).map(([k, v]) => [k, v]),
    );
  });

  it('carries each parameter’s class and time', () => {
    const summary = summarizeNews2(unwell, allObserved(5), now);
    expect(summary.parameters.find((p) => p.parameter === 'pulse')).toMatchObject({
      provenance: 'device',
      at: minutesAgo(5),
      score: 2,
    });
    expect(summary.parameters.find((p) => p.parameter === 'respiratoryRate')?.provenance).toBe('observation');
  });

  it('reports missing parameters with no class, never as normal', () => {
    const summary = summarizeNews2(
      { ...unwell, respiratoryRate: null, consciousness: null },
      allObserved(5),
      now,
    );
    expect(summary.missing).toEqual(['respiratoryRate', 'consciousness']);
    expect(summary.complete).toBe(false);
    const rr = summary.parameters.find((p) => p.parameter === 'respiratoryRate');
    expect(rr).toMatchObject({ score: null, provenance: null, at: null, stale: false });
  });

  it('marks values older than the score’s monitoring interval as stale', () => {
    // NEWS2 10: continuous monitoring, so 15 minutes.
    const sources = { ...allObserved(5), respiratoryRate: observed(16) };
    const summary = summarizeNews2(unwell, sources, now);
    expect(summary.staleAfterMs).toBe(CONTINUOUS_STALE_AFTER_MS);
    expect(summary.stale).toEqual(['respiratoryRate']);

    // A well patient (NEWS2 0) allows 12 hours.
    const well = {
      ...unwell,
      respiratoryRate: 16,
      oxygenLevel: 98,
      systolicBP: 125,
      heartRate: 70,
      temperature: 986,
    };
    expect(summarizeNews2(well, allObserved(11 * 60), now).stale).toEqual([]);
    expect(summarizeNews2(well, allObserved(12 * 60 + 1), now).stale).toHaveLength(7);
  });

  it('never scores a value whose source may not count for the patient, and scores it on a demo patient', () => {
    // A real patient's pulse that only a simulated reading set (kept by the backfill, shown as such).
    const sources: VitalSources = {
      ...allObserved(5),
      heartRate: { provenance: 'simulation', at: minutesAgo(5), source: 'Demo HR' },
    };
    const real = summarizeNews2({ ...unwell, isDemo: false }, sources, now);
    expect(real.missing).toEqual(['pulse']);
    expect(real.total).toBe(8);
    expect(real.parameters.find((p) => p.parameter === 'pulse')).toMatchObject({
      score: null,
      provenance: null,
    });
    const demo = summarizeNews2({ ...unwell, isDemo: true }, sources, now);
    expect(demo.total).toBe(10);
    expect(demo.parameters.find((p) => p.parameter === 'pulse')?.provenance).toBe('simulation');
  });

  it('gives the engine’s own result back from a summary, nothing scored again', () => {
    const engine = computeNews2(news2InputFromVitals(vitalsFromPatient(unwell), 1));
    expect(news2OfSummary(summarizeNews2(unwell, allObserved(5), now), unwell.temperature)).toEqual(engine);
    const partial = { ...unwell, temperature: null, respiratoryRate: null };
    expect(news2OfSummary(summarizeNews2(partial, allObserved(5), now), null)).toEqual(
      computeNews2(news2InputFromVitals(vitalsFromPatient(partial), 1)),
    );
  });

  it('brings a stored summary up to the time of the answer', () => {
    const stored = summarizeNews2(unwell, allObserved(5), now);
    expect(stored.stale).toEqual([]);
    const later = withStaleness(stored, now + 11 * 60_000);
    expect(later.stale).toHaveLength(7);
    expect(later.total).toBe(stored.total);
  });
});

describe('news2Series', () => {
  const reading = (id: number, m: number, values: Record<string, unknown>) => ({
    id,
    readingTime: minutesAgo(m),
    ...values,
  });

  it('scores each reading with carried-forward values, oldest first, skipping readings with no vital', () => {
    const points = news2Series(
      [
        reading(3, 10, { heartRate: 135 }),
        reading(1, 30, {
          respiratoryRate: 18,
          oxygenLevel: 98,
          onSupplementalOxygen: false,
          systolicBP: 120,
          heartRate: 70,
          consciousness: 'A',
          temperature: 986,
        }),
        reading(2, 20, { batteryLevel: 50 }),
      ],
      1,
    );
    expect(points.map((p) => [p.readingId, p.total, p.complete])).toEqual([
      [1, 0, true],
      [3, 3, true],
    ]);
    expect(points[1]!.carriedForward).toEqual([
      'respiratoryRate',
      'spo2',
      'airOrOxygen',
      'systolicBP',
      'consciousness',
      'temperature',
    ]);
  });

  it('keeps a parameter never seen in the window missing', () => {
    const [point] = news2Series([reading(1, 5, { heartRate: 72 })], 1);
    expect(point!.complete).toBe(false);
    expect(point!.missing).toContain('respiratoryRate');
  });
});

describe('applyReadings: the newest value that counts becomes current', () => {
  const base = {
    ...unwell,
    isDemo: false,
    sources: allObserved(60),
  };
  const r = (
    m: number,
    provenance: ReadingProvenance,
    values: Record<string, unknown>,
    deviceName?: string,
  ) => ({
    readingTime: minutesAgo(m),
    provenance,
    deviceName,
    ...values,
  });

  it.each([
    ['observation', true],
    ['device', true],
    ['wearable-summary', false],
    ['simulation', false],
    ['demo', false],
  ] as const)('on a real patient a newer %s value counts: %s', (provenance, counts) => {
    const { values, changed } = applyReadings(base, [r(5, provenance, { heartRate: 64 })]);
    expect(values.heartRate).toBe(counts ? 64 : unwell.heartRate);
    expect(changed).toEqual(counts ? ['heartRate'] : []);
  });

  it.each(['simulation', 'demo', 'observation'] as const)(
    'on a demo patient a %s value counts',
    (provenance) => {
      const { values } = applyReadings({ ...base, isDemo: true }, [r(5, provenance, { heartRate: 64 })]);
      expect(values.heartRate).toBe(64);
    },
  );

  it('never lets a wearable summary count, even on a demo patient', () => {
    const { values } = applyReadings({ ...base, isDemo: true }, [
      r(5, 'wearable-summary', { heartRate: 48 }),
    ]);
    expect(values.heartRate).toBe(unwell.heartRate);
  });

  it('decides each field on its own time', () => {
    const sources = { ...allObserved(60), respiratoryRate: observed(10) };
    const {
      values,
      sources: after,
      changed,
    } = applyReadings({ ...base, sources }, [
      r(20, 'device', { heartRate: 70, respiratoryRate: 30 }, 'Polar H10'),
    ]);
    expect(values.heartRate).toBe(70);
    expect(values.respiratoryRate).toBe(unwell.respiratoryRate); // the nurse's is newer
    expect(changed).toEqual(['heartRate']);
    expect(after.heartRate).toEqual({ provenance: 'device', at: minutesAgo(20), source: 'Polar H10' });
  });

  it('applies a batch oldest first, so the newest wins, and names no device for an observation', () => {
    const { values, sources, latestMs } = applyReadings(base, [
      r(2, 'observation', { heartRate: 90 }),
      r(4, 'device', { heartRate: 80 }, 'Oximeter'),
    ]);
    expect(values.heartRate).toBe(90);
    expect(sources.heartRate).toEqual({ provenance: 'observation', at: minutesAgo(2), source: null });
    expect(latestMs).toBe(Date.parse(minutesAgo(2)));
  });
});
