import type { News2Point, VitalReading } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { makeReading } from '@/test/reading-factory.ts';
import { chartColumns, chartSheets, parseChartWindow } from './chart-columns.ts';

let nextId = 1;
const reading = (hour: number, minute: number, values: Partial<VitalReading>): VitalReading =>
  makeReading({
    id: nextId++,
    readingTime: new Date(Date.UTC(2026, 10, 26, hour, minute)).toISOString(),
    ...values,
  });

const point = (r: VitalReading, total: number): News2Point => ({
  readingId: r.id,
  readingTime: r.readingTime,
  total,
  band: total >= 7 ? 'high' : 'low',
  complete: true,
  missing: [],
  carriedForward: [],
});

describe('chartColumns', () => {
  it('gives one column per hour with the newest value of each parameter and the server NEWS2', () => {
    const a = reading(8, 5, { heartRate: 80, respiratoryRate: 18, temperature: 995 });
    const b = reading(8, 40, { heartRate: 95 });
    const c = reading(10, 0, { heartRate: 130 });
    const columns = chartColumns([c, b, a], [point(a, 1), point(b, 2), point(c, 7)], { isDemo: false });
    expect(columns).toHaveLength(2);
    expect(columns[0]?.time).toBe(b.readingTime);
    expect(columns[0]?.values).toMatchObject({ heartRate: 95, respiratoryRate: 18, temperature: 37.5 });
    expect(columns[0]?.news2).toEqual({ total: 2, band: 'low', complete: true });
    expect(columns[1]?.news2?.total).toBe(7);
  });

  it('leaves out readings that do not count as the patient state and readings without vitals', () => {
    const summary = reading(8, 0, { heartRate: 50, provenance: 'wearable-summary' });
    const simulated = reading(9, 0, { heartRate: 50, provenance: 'simulation' });
    const battery = reading(10, 0, { batteryLevel: 40 });
    expect(chartColumns([summary, simulated, battery], [], { isDemo: false })).toEqual([]);
    expect(chartColumns([simulated], [], { isDemo: true })).toHaveLength(1);
  });
});

describe('chartSheets and parseChartWindow', () => {
  it('splits columns into sheets and keeps one empty sheet for an empty chart', () => {
    const columns = Array.from({ length: 20 }, (_, i) =>
      chartColumns([reading(i, 0, { heartRate: 70 })], [], { isDemo: false }),
    ).flat();
    expect(chartSheets(columns, 16).map((s) => s.length)).toEqual([16, 4]);
    expect(chartSheets([])).toEqual([[]]);
  });

  it('accepts 24 or 72 hours and falls back to 24', () => {
    expect(parseChartWindow('?hours=72')).toBe(72);
    expect(parseChartWindow('?hours=5')).toBe(24);
    expect(parseChartWindow('')).toBe(24);
  });
});
