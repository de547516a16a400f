import {
  type News2Band,
  type News2Parameter,
  VITAL_SIGN_OF_NEWS2,
  VITAL_SIGNS,
  type VitalKey,
  type VitalValues,
} from '@vigil/domain';
import type { TrendPoint } from './trend-points.ts';

/**
 * The values a chart column shows, by catalogue key, as the chart writes them (`temperature` in °C,
 * one decimal); null when not recorded.
 */
export type ChartValues = { [K in VitalKey]: Exclude<VitalValues[K], undefined> };

/** Where a column's value of each parameter is written: the row the server placed it in, and its text. */
export interface ChartCell {
  /** Its index in the parameter's section of the domain's news2ChartSections. */
  row: number;
  text: string;
}

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
  /** Each recorded parameter's cell, as the server placed its newest value in the column. */
  cells: Partial<Record<News2Parameter, ChartCell>>;
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

type Placed = Partial<Record<News2Parameter, { row: number; isUnscored: boolean }>>;

/** Where a point's values go, as the server placed them; SpO2 marked when the server could not score it. */
function placedOf(p: TrendPoint): Placed {
  const placed: Placed = {};
  for (const [parameter, row] of Object.entries(p.chartRows) as [News2Parameter, number][]) {
    placed[parameter] = { row, isUnscored: p.news2?.missing.includes(parameter) ?? false };
  }
  return placed;
}

/**
 * The text a cell writes: the value as the chart shows it ("120/80", "37.5", "O₂", "C"), "?" after
 * an SpO2 the server could not score (Scale 2 above 92 % with air or oxygen not recorded).
 */
function cellText(parameter: News2Parameter, values: ChartValues, isUnscored: boolean): string {
  const value = values[VITAL_SIGN_OF_NEWS2[parameter].key];
  if (parameter === 'airOrOxygen') return value ? 'O₂' : 'A';
  if (parameter === 'systolicBP' && values.diastolicBP !== null) return `${value}/${values.diastolicBP}`;
  if (parameter === 'temperature' && typeof value === 'number') return value.toFixed(1);
  return `${value}${isUnscored ? '?' : ''}`;
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
 * has its 24 or 72 columns from at most 1,500 points. Nothing is scored or banded here: each value
 * is written in the row the server placed it in.
 */
export function chartColumns(points: readonly TrendPoint[]): ChartColumn[] {
  const slots = new Map<
    number,
    { time: number; values: ChartValues; placed: Placed; news2: TrendPoint['news2'] }
  >();
  const sorted = [...points].sort((a, b) => a.timeMs - b.timeMs);
  for (const p of sorted) {
    const values = valuesOf(p);
    if (!hasVitals(values)) continue;
    const slot = Math.floor(p.timeMs / COLUMN_SLOT_MS);
    const column = slots.get(slot) ?? { time: p.timeMs, values: EMPTY, placed: {}, news2: null };
    slots.set(slot, {
      time: p.timeMs,
      values: merge(column.values, values),
      placed: { ...column.placed, ...placedOf(p) },
      news2: p.news2 ?? column.news2,
    });
  }
  return [...slots.values()].map(({ time, values, placed, news2 }) => ({
    time: new Date(time).toISOString(),
    values,
    cells: Object.fromEntries(
      (Object.entries(placed) as [News2Parameter, { row: number; isUnscored: boolean }][]).map(
        ([parameter, { row, isUnscored }]) => [
          parameter,
          { row, text: cellText(parameter, values, isUnscored) },
        ],
      ),
    ),
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
