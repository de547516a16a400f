import { describe, expect, it } from 'vitest';
import { type ChartValues, chartSections } from './chart-sections.ts';

const none: ChartValues = {
  respiratoryRate: null,
  oxygenLevel: null,
  onSupplementalOxygen: null,
  systolicBP: null,
  diastolicBP: null,
  heartRate: null,
  consciousness: null,
  temperature: null,
};

/** The label and score of the row a value is plotted in. */
function plotted(scale: 1 | 2, parameter: string, values: Partial<ChartValues>) {
  const section = chartSections(scale).find((s) => s.parameter === parameter);
  const place = section?.place({ ...none, ...values });
  const row = section?.rows.find((r) => r.id === place?.rowId);
  return row ? { label: row.label, score: row.score, text: place?.text } : null;
}

describe('chartSections (RCP NEWS2 Chart 1, docs/reference/clinical.md)', () => {
  it('lists the bands highest first, with their scores', () => {
    const rr = chartSections(1)[0];
    expect(rr?.rows.map((r) => [r.label, r.score])).toEqual([
      ['≥25', 3],
      ['21–24', 2],
      ['12–20', 0],
      ['9–11', 1],
      ['≤8', 3],
    ]);
    const temperature = chartSections(1).at(-1);
    expect(temperature?.rows.map((r) => r.label)).toEqual([
      '≥39.1',
      '38.1–39.0',
      '36.1–38.0',
      '35.1–36.0',
      '≤35.0',
    ]);
  });

  it.each([
    ['respiratoryRate', { respiratoryRate: 8 }, '≤8', 3],
    ['respiratoryRate', { respiratoryRate: 21 }, '21–24', 2],
    ['spo2', { oxygenLevel: 95 }, '94–95', 1],
    ['systolicBP', { systolicBP: 220, diastolicBP: 100 }, '≥220', 3],
    ['pulse', { heartRate: 91 }, '91–110', 1],
    ['temperature', { temperature: 38.1 }, '38.1–39.0', 1],
    ['airOrOxygen', { onSupplementalOxygen: true }, 'Oxygen', 2],
    ['consciousness', { consciousness: 'C' }, 'New confusion', 3],
    ['consciousness', { consciousness: 'A' }, 'Alert', 0],
  ] as const)('plots %s %o in the %s row (score %i)', (parameter, values, label, score) => {
    expect(plotted(1, parameter, values)).toMatchObject({ label, score });
  });

  it('writes blood pressure as systolic/diastolic and leaves an unrecorded value out', () => {
    expect(plotted(1, 'systolicBP', { systolicBP: 120, diastolicBP: 80 })?.text).toBe('120/80');
    expect(plotted(1, 'pulse', {})).toBeNull();
  });

  it('lays out Scale 2 with the oxygen rows above 92 % and the air row', () => {
    const spo2 = chartSections(2)[1];
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
    // Undetermined without the oxygen status: marked, never shown as a plain 0.
    expect(plotted(2, 'spo2', { oxygenLevel: 95 })?.text).toBe('95?');
  });
});
