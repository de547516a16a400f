import {
  ACVPU_CHOICES,
  CONSCIOUSNESS,
  DIASTOLIC_BP,
  HEART_RATE,
  type NumericVitalSign,
  OXYGEN_LEVEL,
  RESPIRATORY_RATE,
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
  /**
   * The lowest and highest of each point holding several readings (a bucket of a device's stream),
   * drawn as a shaded band behind the line: a single dip survives as the band's edge.
   */
  range?(points: readonly TrendPoint[]): { min: (number | null)[]; max: (number | null)[] };
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
  /** Labels of the y values of a choice (ACVPU: 0 → A … 4 → U). */
  tickLabels?: readonly string[];
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
      // A bucket of a device's stream: the highest score any of its readings can have, where it
      // is above the bucket's last, so a single reading that scores 3 is never averaged away.
      label: 'Highest in the interval',
      color: NEWS2_COLOR,
      dash: [2, 3],
      isHollowPointsOnly: true,
      values: when(
        (p) => p.news2 !== null && p.news2.highest > p.news2.total,
        (p) => p.news2?.highest ?? null,
      ),
    },
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
 * The vitals plotted, in the patient page's card order (pulse first): the spec's four (point 2),
 * then the respiratory rate, the first NEWS2 parameter. Each with its line colour (at least 3:1
 * against the card in both themes, WCAG 1.4.11) and the y range always shown; blood pressure is one
 * panel with the diastolic as a dashed second series.
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
  { vital: RESPIRATORY_RATE, color: '#1d4ed8', softRange: [8, 30] }, // blue-700
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
    values: (ps) => ps.map((p) => trendValue(p, v.key)),
    range: (ps) => ({
      min: ps.map((p) => p.range[v.key]?.[0] ?? trendValue(p, v.key)),
      max: ps.map((p) => p.range[v.key]?.[1] ?? trendValue(p, v.key)),
    }),
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

/** Level of consciousness (ACVPU) as its place among the choices: Alert at the bottom, Unresponsive at the top. */
const ACVPU_PANEL: PanelSpec = {
  id: 'consciousness',
  title: CONSCIOUSNESS.label,
  // The title names the scale; the values are its letters.
  unit: '',
  decimals: 0,
  softRange: [0, ACVPU_CHOICES.length - 1],
  fixedRange: [-0.5, ACVPU_CHOICES.length - 0.5],
  tickLabels: ACVPU_CHOICES.map((c) => c.value),
  series: [
    {
      label: CONSCIOUSNESS.shortLabel,
      color: '#be185d', // pink-700
      values: (ps) =>
        ps.map((p) => {
          const index = ACVPU_CHOICES.findIndex((c) => c.value === p.consciousness);
          return index < 0 ? null : index;
        }),
    },
  ],
};

/**
 * Small multiples: NEWS2 first, then one panel per plotted vital with its own scale, so SpO2 (90–100)
 * and blood pressure (60–180) never squash each other, and the level of consciousness; all share the
 * same time axis.
 */
export const TREND_PANELS: readonly PanelSpec[] = [NEWS2_PANEL, ...PLOTTED.map(vitalPanel), ACVPU_PANEL];

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
export function panelSummary(
  spec: PanelSpec,
  points: readonly TrendPoint[],
  period = 'last 24 hours',
): string {
  const measured = spec.series[0]!.values(points).flatMap((v, i) => (v === null ? [] : [{ v, i }]));
  const head = `${spec.title}${spec.unit ? ` (${spec.unit})` : ''}, ${period}`;
  if (measured.length === 0) return `${head}: no readings.`;
  const fmt = (v: number) => spec.tickLabels?.[v] ?? v.toFixed(spec.decimals);
  // A bucket's lowest and highest count too: a single dip stays in the summary.
  const range = spec.series[0]!.range?.(points);
  const all = measured.flatMap((m) => [range?.min[m.i] ?? m.v, range?.max[m.i] ?? m.v]);
  const last = measured[measured.length - 1]!;
  const readings = measured.reduce((sum, m) => sum + points[m.i]!.count, 0);
  const count = `${readings.toLocaleString('en-GB')} reading${readings === 1 ? '' : 's'}`;
  const lowest = Math.min(...all);
  const highest = Math.max(...all);
  const spread = lowest !== highest ? ` from ${fmt(lowest)} to ${fmt(highest)}` : '';
  const diastolic = spec.id === 'bloodPressure' ? spec.series[1]!.values(points)[last.i] : null;
  const latest = `${fmt(last.v)}${diastolic == null ? '' : `/${fmt(diastolic)}`}`;
  return `${head}: ${count}${spread}; latest ${latest} at ${formatClockTime(new Date(points[last.i]!.timeMs))}.`;
}
