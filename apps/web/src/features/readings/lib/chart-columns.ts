import {
  countsAsCurrent,
  type News2Point,
  tenthsFToRoundedCelsius,
  VITAL_SIGNS,
  type VitalReading,
  type VitalSign,
} from '@vigil/domain';
import type { ChartValues } from './chart-sections.ts';

/** The chart's windows (hours), the first the default. */
export const CHART_WINDOWS_H = [24, 72] as const;
export type ChartWindowH = (typeof CHART_WINDOWS_H)[number];

/** One column per hour at most: a device sending every few seconds still gives a chart a nurse can read. */
export const COLUMN_SLOT_MS = 3_600_000;
/** Columns on one A4 sheet (portrait), as many as the paper chart holds legibly. */
export const COLUMNS_PER_SHEET = 16;

export interface ChartColumn {
  /** Time of the newest reading in the column. */
  time: string;
  values: ChartValues;
  /** The server's NEWS2 of that column's newest scored reading; null when none was scored. */
  news2: Pick<News2Point, 'total' | 'band' | 'complete'> | null;
}

export function parseChartWindow(search: string): ChartWindowH {
  const hours = Number(new URLSearchParams(search).get('hours'));
  return CHART_WINDOWS_H.find((h) => h === hours) ?? CHART_WINDOWS_H[0];
}

const EMPTY = Object.fromEntries(VITAL_SIGNS.map((v) => [v.key, null])) as ChartValues;

/** A reading's value of a vital as the chart plots it: °C to one decimal for a temperature. */
function chartValue(vital: VitalSign, r: VitalReading) {
  const value = r[vital.key] ?? null;
  return value !== null && vital.kind === 'number' && vital.entry === 'celsius'
    ? tenthsFToRoundedCelsius(value as number)
    : value;
}

function valuesOf(r: VitalReading): ChartValues {
  return Object.fromEntries(VITAL_SIGNS.map((v) => [v.key, chartValue(v, r)])) as ChartValues;
}

/** A later value wins; a value the later reading lacks keeps the earlier one. */
function merge(into: ChartValues, next: ChartValues): ChartValues {
  const out = { ...into };
  for (const key of Object.keys(next) as (keyof ChartValues)[]) {
    if (next[key] !== null) Object.assign(out, { [key]: next[key] });
  }
  return out;
}

const hasVitals = (v: ChartValues) => Object.values(v).some((value) => value !== null);

/**
 * The chart's columns, oldest first: the readings that count as the patient's state (provenance:
 * a wearable's summary of last night does not), one column per hour holding the newest value of
 * each parameter recorded in it, and the NEWS2 the server gave the newest scored reading in it.
 * Nothing is scored here.
 */
export function chartColumns(
  readings: readonly VitalReading[],
  series: readonly News2Point[],
  patient: { isDemo: boolean },
): ChartColumn[] {
  const scoreOf = new Map(series.map((point) => [point.readingId, point]));
  const slots = new Map<number, { time: number; values: ChartValues; news2: News2Point | null }>();
  const sorted = readings
    .filter((r) => countsAsCurrent(r.provenance, patient))
    .map((r) => ({ r, at: Date.parse(r.readingTime) }))
    .sort((a, b) => a.at - b.at || a.r.id - b.r.id);
  for (const { r, at } of sorted) {
    const values = valuesOf(r);
    if (!hasVitals(values)) continue;
    const slot = Math.floor(at / COLUMN_SLOT_MS);
    const column = slots.get(slot) ?? { time: at, values: EMPTY, news2: null };
    slots.set(slot, {
      time: at,
      values: merge(column.values, values),
      news2: scoreOf.get(r.id) ?? column.news2,
    });
  }
  return [...slots.values()].map(({ time, values, news2 }) => ({
    time: new Date(time).toISOString(),
    values,
    news2: news2 ? { total: news2.total, band: news2.band, complete: news2.complete } : null,
  }));
}

/** Columns split into A4 sheets; always at least one sheet, so an empty chart still prints its bands. */
export function chartSheets(columns: readonly ChartColumn[], perSheet = COLUMNS_PER_SHEET): ChartColumn[][] {
  if (columns.length === 0) return [[]];
  const sheets: ChartColumn[][] = [];
  for (let i = 0; i < columns.length; i += perSheet) sheets.push(columns.slice(i, i + perSheet));
  return sheets;
}
