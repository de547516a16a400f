import {
  DIASTOLIC_BP,
  HEART_RATE,
  type NumericVitalSign,
  OXYGEN_LEVEL,
  SYSTOLIC_BP,
  TEMPERATURE,
} from '@vigil/domain';
import { formatClockTime } from '@/lib/date-time.ts';
import { type TrendPoint, trendValue } from './trend-points.ts';

/** 'news2', 'bloodPressure', or the NEWS2 parameter (else the key) of the vital plotted. */
export type PanelId = string;

export interface PanelSeries {
  label: string;
  /** Line and point colour; at least 3:1 against the card in both themes (WCAG 1.4.11). */
  color: string;
  /** Dashed line, so two series of one panel differ by more than colour. */
  dash?: number[];
  /** Hollow points without a line (the incomplete NEWS2 scores). */
  isHollowPointsOnly?: boolean;
  values(points: readonly TrendPoint[]): (number | null)[];
}

export interface PanelSpec {
  id: PanelId;
  title: string;
  unit: string;
  series: PanelSeries[];
  /** The y range always shown; data beyond it widens it. */
  softRange: [number, number];
  /** Fixed y range (NEWS2 0–20). */
  fixedRange?: [number, number];
  /** Horizontal reference lines, e.g. the NEWS2 trigger thresholds, labelled above or below the line. */
  thresholds?: { value: number; label: string; labelSide: 'above' | 'below' }[];
  decimals: number;
}

const NEWS2_COLOR = '#6d28d9'; // violet-700
const when =
  (keep: (p: TrendPoint) => boolean, value: (p: TrendPoint) => number | null) =>
  (ps: readonly TrendPoint[]) =>
    ps.map((p) => (keep(p) ? value(p) : null));

/** NEWS2 on its fixed 0–20 scale with the RCP Chart 4 thresholds (5 medium, 7 high). */
const NEWS2_PANEL: PanelSpec = {
  id: 'news2',
  title: 'NEWS2',
  unit: 'score',
  decimals: 0,
  softRange: [0, 20],
  fixedRange: [0, 20],
  // Two points apart on a 0–20 scale: one label under its line, one over, so they never collide.
  thresholds: [
    { value: 5, label: '5 medium', labelSide: 'below' },
    { value: 7, label: '7 high', labelSide: 'above' },
  ],
  series: [
    { label: 'NEWS2', color: NEWS2_COLOR, values: (ps) => ps.map((p) => p.news2?.total ?? null) },
    {
      label: 'Incomplete (a parameter not yet recorded)',
      color: NEWS2_COLOR,
      isHollowPointsOnly: true,
      values: when(
        (p) => p.news2?.complete === false,
        (p) => p.news2?.total ?? null,
      ),
    },
  ],
};

/**
 * The vitals plotted, in the patient page's card order (pulse first): the spec's four (point 2; the
 * respiratory rate and the choices are in the readings table). Each with its line colour (at least
 * 3:1 against the card in both themes, WCAG 1.4.11) and the y range always shown; blood pressure is
 * one panel with the diastolic as a dashed second series.
 */
const PLOTTED: readonly {
  vital: NumericVitalSign;
  pair?: NumericVitalSign;
  color: string;
  softRange: [number, number];
}[] = [
  { vital: HEART_RATE, color: '#15803d', softRange: [40, 140] }, // green-700
  { vital: OXYGEN_LEVEL, color: '#0e7490', softRange: [85, 100] }, // cyan-700
  { vital: SYSTOLIC_BP, pair: DIASTOLIC_BP, color: '#b91c1c', softRange: [40, 180] }, // red-700
  { vital: TEMPERATURE, color: '#b45309', softRange: [35, 40] }, // amber-700
];

/** A panel's title: the short label, or the full one where the short one abbreviates it (Temp). */
const titleOf = (vital: NumericVitalSign) =>
  /^[A-Z]+$/.test(vital.shortLabel) || vital.label.startsWith(vital.shortLabel)
    ? vital.label
    : vital.shortLabel;

function vitalPanel({ vital, pair, color, softRange }: (typeof PLOTTED)[number]): PanelSpec {
  const series = (v: NumericVitalSign, label: string, dash?: number[]): PanelSeries => ({
    label,
    color,
    ...(dash ? { dash } : {}),
    values: (ps) => ps.map((p) => trendValue(p, v)),
  });
  const base = { unit: vital.displayUnit, decimals: vital.entry === 'celsius' ? 1 : 0, softRange };
  if (pair) {
    return {
      ...base,
      id: 'bloodPressure',
      title: 'Blood pressure',
      series: [series(vital, vital.shortLabel), series(pair, pair.shortLabel, [5, 4])],
    };
  }
  const title = titleOf(vital);
  return { ...base, id: vital.key, title, series: [series(vital, title)] };
}

/**
 * Small multiples: NEWS2 first, then one panel per plotted vital with its own scale, so SpO2 (90–100)
 * and blood pressure (60–180) never squash each other; all share the same 24-hour time axis.
 */
export const TREND_PANELS: readonly PanelSpec[] = [NEWS2_PANEL, ...PLOTTED.map(vitalPanel)];

/** The y range: the soft range widened by a margin around any value beyond it. */
export function panelRange(spec: PanelSpec, min: number | null, max: number | null): [number, number] {
  if (spec.fixedRange) return spec.fixedRange;
  const [softMin, softMax] = spec.softRange;
  const margin = (softMax - softMin) * 0.05;
  return [
    min !== null && min < softMin ? Math.floor(min - margin) : softMin,
    max !== null && max > softMax ? Math.ceil(max + margin) : softMax,
  ];
}

/**
 * What the panel's canvas says to a screen reader: "Pulse (bpm), last 24 hours: 8 readings from 70 to
 * 125; latest 125 at 14:32." Details per reading are in the card's readings table.
 */
export function panelSummary(spec: PanelSpec, points: readonly TrendPoint[]): string {
  const measured = spec.series[0]!.values(points).flatMap((v, i) => (v === null ? [] : [{ v, i }]));
  const head = `${spec.title} (${spec.unit}), last 24 hours`;
  if (measured.length === 0) return `${head}: no readings.`;
  const fmt = (v: number) => v.toFixed(spec.decimals);
  const all = measured.map((m) => m.v);
  const last = measured[measured.length - 1]!;
  const count = `${measured.length} reading${measured.length === 1 ? '' : 's'}`;
  const range = measured.length > 1 ? ` from ${fmt(Math.min(...all))} to ${fmt(Math.max(...all))}` : '';
  const diastolic = spec.id === 'bloodPressure' ? spec.series[1]!.values(points)[last.i] : null;
  const latest = `${fmt(last.v)}${diastolic == null ? '' : `/${fmt(diastolic)}`}`;
  return `${head}: ${count}${range}; latest ${latest} at ${formatClockTime(new Date(points[last.i]!.timeMs))}.`;
}
