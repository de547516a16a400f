import { news2ChartSections } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { makeTrend } from '@/test/trend-factory.ts';
import { chartColumns, chartSheets, parseChartWindow } from './chart-columns.ts';
import { trendPoints } from './trend-points.ts';

const at = (hour: number, minute: number) => Date.UTC(2026, 10, 26, hour, minute);
let nextId = 1;
const points = (specs: Parameters<typeof makeTrend>[0]) =>
  trendPoints(makeTrend(specs), [], { isDemo: false });

describe('chartColumns', () => {
  it('gives one column per hour with the newest value of each parameter and the server NEWS2', () => {
    const columns = chartColumns(
      points([
        {
          timeMs: at(8, 5),
          values: { heartRate: 80, respiratoryRate: 18, temperature: 995 },
          total: 1,
          readingId: nextId++,
        },
        { timeMs: at(8, 40), values: { heartRate: 95 }, total: 2, readingId: nextId++ },
        { timeMs: at(10, 0), values: { heartRate: 130 }, total: 7, readingId: nextId++ },
      ]),
    );
    expect(columns).toHaveLength(2);
    expect(columns[0]?.time).toBe(new Date(at(8, 40)).toISOString());
    expect(columns[0]?.values).toMatchObject({ heartRate: 95, respiratoryRate: 18, temperature: 37.5 });
    expect(columns[0]?.news2).toEqual({ total: 2, band: 'low', complete: true });
    expect(columns[1]?.news2?.total).toBe(7);
  });

  it('draws a device stream summarised in buckets as its hour columns, the newest value of each', () => {
    const stream = Array.from({ length: 120 }, (_, m) => ({
      timeMs: at(8, 0) + m * 60_000,
      values: { heartRate: 70 + (m % 5), oxygenLevel: 97 },
      ranges: { oxygenLevel: [m === 30 ? 85 : 96, 98] as [number, number] },
      count: 60,
      total: 0,
      provenance: 'device' as const,
    }));
    const columns = chartColumns(points(stream));
    expect(columns).toHaveLength(2);
    expect(columns[1]?.values).toMatchObject({ heartRate: 70 + (119 % 5), oxygenLevel: 97 });
  });
});

describe('chartSheets and parseChartWindow', () => {
  it('splits columns into sheets and keeps one empty sheet for an empty chart', () => {
    const columns = chartColumns(
      points(
        Array.from({ length: 20 }, (_, i) => ({
          timeMs: at(i, 0),
          values: { heartRate: 70 },
          total: 0,
          readingId: 100 + i,
        })),
      ),
    );
    expect(chartSheets(columns, 16).map((s) => s.length)).toEqual([16, 4]);
    expect(chartSheets([])).toEqual([[]]);
  });

  it('accepts 24 or 72 hours and falls back to 24', () => {
    expect(parseChartWindow('?hours=72')).toBe(72);
    expect(parseChartWindow('?hours=5')).toBe(24);
    expect(parseChartWindow('')).toBe(24);
  });
});

describe('chartColumns: each value written where the server placed it', () => {
  it('writes the cell text in the server row: BP as systolic/diastolic, air or oxygen as A or O₂', () => {
    const [column] = chartColumns(
      points([
        {
          timeMs: at(8, 5),
          values: { systolicBP: 88, diastolicBP: 52, onSupplementalOxygen: true, temperature: 1006 },
          total: 6,
          readingId: nextId++,
        },
      ]),
    );
    const sections = news2ChartSections(1);
    const rowOf = (parameter: string) => {
      const section = sections.find((s) => s.parameter === parameter)!;
      const cell = column?.cells[section.parameter];
      return cell ? { label: section.rows[cell.row]?.label, text: cell.text } : null;
    };
    expect(rowOf('systolicBP')).toEqual({ label: '≤90', text: '88/52' });
    expect(rowOf('airOrOxygen')).toEqual({ label: 'Oxygen', text: 'O₂' });
    expect(rowOf('temperature')).toEqual({ label: '38.1–39.0', text: '38.1' });
    expect(rowOf('pulse')).toBeNull();
  });

  it('marks an SpO2 the server could not score with "?"', () => {
    const [column] = chartColumns(
      trendPoints(
        makeTrend(
          [
            {
              timeMs: at(9, 0),
              values: { oxygenLevel: 95 },
              total: 0,
              missing: ['spo2'],
              readingId: nextId++,
            },
          ],
          {},
          2,
        ),
        [],
        { isDemo: false },
      ),
    );
    const spo2 = news2ChartSections(2).find((s) => s.parameter === 'spo2')!;
    expect(column?.cells.spo2?.text).toBe('95?');
    expect(spo2.rows[column!.cells.spo2!.row]?.label).toBe('≥93 on air');
  });
});
