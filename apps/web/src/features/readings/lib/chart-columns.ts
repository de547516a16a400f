import { type News2Band, VITAL_SIGNS } from '@vigil/domain';
import type { ChartValues } from './chart-sections.ts';
import type { TrendPoint } from './trend-points.ts';

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
  /** The server's NEWS2 of that column's newest scored point; null when none was scored. */
  news2: { total: number; band: News2Band; complete: boolean } | null;
}

export function parseChartWindow(search: string): ChartWindowH {
  const hours = Number(new URLSearchParams(search).get('hours'));
  return CHART_WINDOWS_H.find((h) => h === hours) ?? CHART_WINDOWS_H[0];
}

const EMPTY = Object.fromEntries(VITAL_SIGNS.map((v) => [v.key, null])) as ChartValues;

/** A point's values as the chart writes them (the trend's: °C to one decimal, ACVPU letters). */
function valuesOf(p: TrendPoint): ChartValues {
  return Object.fromEntries(VITAL_SIGNS.map((v) => [v.key, p[v.key] ?? null])) as ChartValues;
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
 * The chart's columns, oldest first, from the server's trend of the window (only readings that count
 * as the patient's state, none entered in error): one column per hour holding the newest value of
 * each parameter recorded in it, and the NEWS2 the server gave the newest scored point in it. A
 * device's stream is already summarised by the trend, so a chart of a patient monitored every second
 * has its 24 or 72 columns from at most 1,500 points. Nothing is scored here.
 */
export function chartColumns(points: readonly TrendPoint[]): ChartColumn[] {
  const slots = new Map<number, { time: number; values: ChartValues; news2: TrendPoint['news2'] }>();
  const sorted = [...points].sort((a, b) => a.timeMs - b.timeMs);
  for (const p of sorted) {
    const values = valuesOf(p);
    if (!hasVitals(values)) continue;
    const slot = Math.floor(p.timeMs / COLUMN_SLOT_MS);
    const column = slots.get(slot) ?? { time: p.timeMs, values: EMPTY, news2: null };
    slots.set(slot, { time: p.timeMs, values: merge(column.values, values), news2: p.news2 ?? column.news2 });
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
