import { describe, expect, it } from 'vitest';
import { panelRange, panelSummary, TREND_PANELS } from './trend-panels.ts';
import type { TrendPoint } from './trend-points.ts';

const panel = (id: string) => TREND_PANELS.find((p) => p.id === id)!;
const point = (hour: number, over: Partial<TrendPoint>): TrendPoint => ({
  readingId: hour,
  timeMs: new Date(2026, 2, 2, hour, 30).getTime(),
  heartRate: null,
  oxygenLevel: null,
  systolicBP: null,
  diastolicBP: null,
  temperature: null,
  respiratoryRate: null,
  consciousness: null,
  onSupplementalOxygen: null,
  provenance: 'observation',
  count: 1,
  range: {},
  chartRows: {},
  news2: { total: 0, highest: 0, band: 'low', complete: true, missing: [] },
  ...over,
});

describe('trend panels', () => {
  it('keeps the soft range and widens it around values beyond', () => {
    expect(panelRange(panel('heartRate'), 60, 110)).toEqual([40, 140]);
    expect(panelRange(panel('heartRate'), 30, 170)).toEqual([25, 175]);
    expect(panelRange(panel('news2'), 0, 3)).toEqual([0, 20]);
  });

  it('plots incomplete NEWS2 scores as their own hollow series', () => {
    const points = [
      point(8, {}),
      point(9, {
        news2: { total: 3, highest: 3, band: 'low', complete: false, missing: ['temperature'] },
      }),
    ];
    const [line, , incomplete] = panel('news2').series;
    expect(line!.values(points)).toEqual([0, 3]);
    expect(incomplete!.values(points)).toEqual([null, 3]);
    expect(incomplete!.isHollowPointsOnly).toBe(true);
  });

  it('leaves a gap where the server has not scored a reading yet', () => {
    const points = [point(8, {}), point(9, { news2: null })];
    const [line, , incomplete] = panel('news2').series;
    expect(line!.values(points)).toEqual([0, null]);
    expect(incomplete!.values(points)).toEqual([null, null]);
  });

  it("marks a bucket's highest NEWS2 where it is above its last, and shades a vital's range", () => {
    const points = [
      point(8, { heartRate: 72, count: 60, range: { oxygenLevel: [85, 98] }, oxygenLevel: 97 }),
      point(9, {
        news2: { total: 0, highest: 3, band: 'low', complete: true, missing: [] },
        oxygenLevel: 97,
      }),
    ];
    const [, highest] = panel('news2').series;
    expect(highest!.values(points)).toEqual([null, 3]);
    expect(panel('oxygenLevel').series[0]!.range!(points)).toEqual({ min: [85, 97], max: [98, 97] });
    expect(panelSummary(panel('oxygenLevel'), points)).toBe(
      'SpO2 (%), last 24 hours: 61 readings from 85 to 98; latest 97 at 09:30.',
    );
  });

  it('plots the respiratory rate and the level of consciousness, A at the bottom to U at the top', () => {
    const points = [
      point(8, { respiratoryRate: 18, consciousness: 'A' }),
      point(9, { respiratoryRate: 27, consciousness: 'C' }),
    ];
    expect(panel('respiratoryRate').series[0]!.values(points)).toEqual([18, 27]);
    expect(panel('consciousness').series[0]!.values(points)).toEqual([0, 1]);
    expect(panelSummary(panel('consciousness'), points)).toBe(
      'Level of consciousness (ACVPU), last 24 hours: 2 readings from A to C; latest C at 09:30.',
    );
  });

  it('summarises a panel for screen readers', () => {
    const points = [
      point(8, { heartRate: 70, systolicBP: 120, diastolicBP: 80, temperature: 37 }),
      point(9, { oxygenLevel: 97 }),
      point(14, { heartRate: 125, systolicBP: 95, diastolicBP: 60, temperature: 38.6 }),
    ];
    expect(panelSummary(panel('heartRate'), points)).toBe(
      'Pulse (bpm), last 24 hours: 2 readings from 70 to 125; latest 125 at 14:30.',
    );
    expect(panelSummary(panel('bloodPressure'), points)).toBe(
      'Blood pressure (mmHg), last 24 hours: 2 readings from 95 to 120; latest 95/60 at 14:30.',
    );
    expect(panelSummary(panel('temperature'), points)).toBe(
      'Temperature (°C), last 24 hours: 2 readings from 37.0 to 38.6; latest 38.6 at 14:30.',
    );
    expect(panelSummary(panel('oxygenLevel'), points)).toBe(
      'SpO2 (%), last 24 hours: 1 reading; latest 97 at 09:30.',
    );
    expect(panelSummary(panel('oxygenLevel'), [])).toBe('SpO2 (%), last 24 hours: no readings.');
  });
});
