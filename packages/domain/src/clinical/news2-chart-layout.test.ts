import { describe, expect, it } from 'vitest';
import type { VitalValues } from '../vitals/mappers.ts';
import { news2ChartRow, news2ChartSections } from './news2-chart-layout.ts';

/** The label and score of the row the chart writes a value in (values in stored units). */
function plotted(scale: 1 | 2, parameter: string, values: VitalValues) {
  const section = news2ChartSections(scale).find((s) => s.parameter === parameter)!;
  const index = news2ChartRow(section.parameter, values, scale);
  const row = index === null ? undefined : section.rows[index];
  return row ? { label: row.label, score: row.score } : null;
}

describe('news2ChartSections (RCP NEWS2 Chart 1, docs/reference/clinical.md)', () => {
  it('lists the bands highest first, with their scores', () => {
    const rr = news2ChartSections(1)[0];
    expect(rr?.rows.map((r) => [r.label, r.score])).toEqual([
      ['≥25', 3],
      ['21–24', 2],
      ['12–20', 0],
      ['9–11', 1],
      ['≤8', 3],
    ]);
    const temperature = news2ChartSections(1).at(-1);
    expect(temperature?.rows.map((r) => r.label)).toEqual([
      '≥39.1',
      '38.1–39.0',
      '36.1–38.0',
      '35.1–36.0',
      '≤35.0',
    ]);
    expect(news2ChartSections(1).map((s) => s.parameter)).toEqual([
      'respiratoryRate',
      'spo2',
      'airOrOxygen',
      'systolicBP',
      'pulse',
      'consciousness',
      'temperature',
    ]);
  });

  it('labels air or oxygen and ACVPU rows from the catalogue', () => {
    const [, , air, , , acvpu] = news2ChartSections(1);
    expect(air?.rows.map((r) => [r.label, r.score])).toEqual([
      ['Air', 0],
      ['Oxygen', 2],
    ]);
    expect(acvpu?.rows.map((r) => [r.label, r.score])).toEqual([
      ['Alert', 0],
      ['New confusion', 3],
      ['Voice', 3],
      ['Pain', 3],
      ['Unresponsive', 3],
    ]);
  });

  it.each([
    ['respiratoryRate', { respiratoryRate: 8 }, '≤8', 3],
    ['respiratoryRate', { respiratoryRate: 21 }, '21–24', 2],
    ['spo2', { oxygenLevel: 95 }, '94–95', 1],
    ['systolicBP', { systolicBP: 220, diastolicBP: 100 }, '≥220', 3],
    ['pulse', { heartRate: 91 }, '91–110', 1],
    // 1006 tenths of °F = 38.1 °C, placed as scored.
    ['temperature', { temperature: 1006 }, '38.1–39.0', 1],
    ['airOrOxygen', { onSupplementalOxygen: true }, 'Oxygen', 2],
    ['consciousness', { consciousness: 'C' }, 'New confusion', 3],
    ['consciousness', { consciousness: 'A' }, 'Alert', 0],
  ] as const)('places %s %o in the %s row (score %i)', (parameter, values, label, score) => {
    expect(plotted(1, parameter, values)).toEqual({ label, score });
  });

  it('leaves an unrecorded value out', () => {
    expect(plotted(1, 'pulse', {})).toBeNull();
  });

  it('lays out Scale 2 with the oxygen rows above 92 % and the air row', () => {
    const spo2 = news2ChartSections(2)[1];
    expect(spo2?.title).toContain('Scale 2');
    expect(spo2?.rows.map((r) => [r.label, r.score])).toEqual([
      ['≥97 on O₂', 3],
      ['95–96 on O₂', 2],
      ['93–94 on O₂', 1],
      ['≥93 on air', 0],
      ['88–92', 0],
      ['86–87', 1],
      ['84–85', 2],
      ['≤83', 3],
    ]);
    expect(plotted(2, 'spo2', { oxygenLevel: 97, onSupplementalOxygen: true })).toMatchObject({ score: 3 });
    expect(plotted(2, 'spo2', { oxygenLevel: 97, onSupplementalOxygen: false })).toMatchObject({
      label: '≥93 on air',
    });
    expect(plotted(2, 'spo2', { oxygenLevel: 90, onSupplementalOxygen: true })).toMatchObject({
      label: '88–92',
    });
    // Undetermined without the oxygen status: written in the air row (the trend marks it unscored).
    expect(plotted(2, 'spo2', { oxygenLevel: 95 })).toMatchObject({ label: '≥93 on air' });
  });
});
