import { z } from 'zod';
import {
  computeNews2,
  NEWS2_PARAMETERS,
  type News2Parameter,
  news2InputFromVitals,
} from './clinical/news2.ts';
import { news2ChartRow } from './clinical/news2-chart-layout.ts';
import { ReadingProvenance } from './clinical/provenance.ts';
import type { Spo2Scale } from './clinical/spo2-scale.ts';
import { NEWS2_BANDS, type News2Band } from './clinical/words.ts';
import { isoDateTime } from './time.ts';
import { NEWS2_VITAL_SIGNS, VITAL_KEYS, type VitalKey } from './vitals/catalogue.ts';
import type { VitalValues } from './vitals/mappers.ts';
import { fromSummaryNumber } from './vitals/summary-number.ts';

// A patient's vital-signs trend over any window, bounded whatever the number of readings
// (decision 029): every reading while the window holds at most TREND_MAX_POINTS of them, otherwise
// time buckets that keep each bucket's minimum, maximum, last value and count, so a single dip
// survives as its bucket's minimum and the line always ends at the newest reading.

/** The most points a trend answers per vital sign (Grafana's max-data-points, for a chart's width). */
export const TREND_MAX_POINTS = 1500;
/** The windows a trend may cover: from a minute (a zoomed span) to a week. */
export const TREND_MIN_WINDOW_MS = 60_000;
export const TREND_MAX_WINDOW_MS = 7 * 24 * 3_600_000;
/** The window when none is asked for: the trend card's day. */
export const TREND_DEFAULT_WINDOW_MS = 24 * 3_600_000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Bucket widths a trend uses: whole seconds, minutes or hours that divide the day evenly. */
const BUCKET_STEPS_MS = [
  SECOND,
  2 * SECOND,
  5 * SECOND,
  10 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
];

/**
 * The bucket width for a window: the narrowest step that gives at most {@link TREND_MAX_POINTS}
 * buckets (a day: 1 minute, 1,440 buckets; a week: 10 minutes, 1,008).
 */
export function trendBucketMs(windowMs: number): number {
  return BUCKET_STEPS_MS.find((step) => Math.ceil(windowMs / step) <= TREND_MAX_POINTS) ?? 24 * HOUR;
}

/** GET /api/patients/{id}/trend: a window ending at `to` (default now), from `from` (default a day before). */
export const TrendQuery = z.object({
  from: isoDateTime('from').optional(),
  to: isoDateTime('to').optional(),
});
export type TrendQuery = z.infer<typeof TrendQuery>;

/**
 * One vital sign along a trend, at the points where it was measured (`at`: their indexes in the
 * trend's columns, ascending): each one's last, lowest and highest value and how many readings had
 * it. Sparse, as a set of observations among a device's stream measures its vitals at few points.
 */
export const TrendSeries = z.object({
  at: z.array(z.number().int().min(0)),
  last: z.array(z.number()),
  min: z.array(z.number()),
  max: z.array(z.number()),
  count: z.array(z.number().int()),
});
export type TrendSeries = z.infer<typeof TrendSeries>;

/** A {@link TrendSeries} over all `points` of its trend: null (count 0) where it was not measured. */
export function denseSeries(series: TrendSeries | undefined, points: number) {
  const dense = {
    last: new Array<number | null>(points).fill(null),
    min: new Array<number | null>(points).fill(null),
    max: new Array<number | null>(points).fill(null),
    count: new Array<number>(points).fill(0),
  };
  series?.at.forEach((i, k) => {
    dense.last[i] = series.last[k]!;
    dense.min[i] = series.min[k]!;
    dense.max[i] = series.max[k]!;
    dense.count[i] = series.count[k]!;
  });
  return dense;
}

/**
 * NEWS2 along the points, as the server scores it. Compact, as a week of buckets must stay small:
 * bands by their index in NEWS2_BANDS, the parameters not recorded as a bit mask of NEWS2_PARAMETERS
 * (bit i: parameter i; {@link missingParameters} reads it back).
 */
export const TrendNews2 = z.object({
  /** After the point's newest reading, each parameter it lacks carried forward from earlier in the window. */
  total: z.array(z.number().int()),
  /**
   * The highest score any reading of the point can have: each parameter scored at its worst value
   * in the point (its lowest or highest: NEWS2 scores rise away from normal on both sides). Equal to
   * `total` for a single reading; never lower than any reading's own score.
   */
  highest: z.array(z.number().int()),
  /** The band of `total` (RCP Chart 4), by its index in NEWS2_BANDS. */
  band: z.array(
    z
      .number()
      .int()
      .min(0)
      .max(NEWS2_BANDS.length - 1),
  ),
  /**
   * The parameters not recorded in the window so far (scored as missing, never as normal), as a bit
   * mask; 0: the score is complete, otherwise it is a minimum.
   */
  missing: z.array(z.number().int().min(0)),
  /**
   * Where the printed chart writes each value (clinical/news2-chart-layout.ts): per NEWS2 parameter,
   * the row (its index in the parameter's section, on the patient's current SpO2 scale, the one the
   * chart is drawn on) of each `last` value of the vital it is read from, aligned with that vital's
   * series (`vitals[key].at`). SpO2 is placed with air or oxygen carried forward, as it is scored.
   */
  rows: z.partialRecord(z.enum(NEWS2_PARAMETERS), z.array(z.number().int().min(0))),
});
export type TrendNews2 = z.infer<typeof TrendNews2>;

/** The parameters a {@link TrendNews2} `missing` mask names, in chart order. */
export function missingParameters(mask: number): News2Parameter[] {
  return NEWS2_PARAMETERS.filter((_, i) => (mask & (1 << i)) !== 0);
}

/** The band a {@link TrendNews2} `band` index names. */
export const trendBand = (index: number): News2Band => NEWS2_BANDS[index] ?? 'low';

/**
 * A patient's vital-signs trend, oldest point first, as columns (one entry per point): every
 * reading (`readings`), or buckets of `bucketMs` (`buckets`). Only readings that count as the
 * patient's state and are not entered in error are in it.
 */
export const VitalsTrend = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  resolution: z.enum(['readings', 'buckets']),
  bucketMs: z.number().int().nullable(),
  /** Readings in the window. */
  readingCount: z.number().int(),
  /** The newest of them: the last point ends there. */
  newestReadingTime: z.iso.datetime({ offset: true }).nullable(),
  /**
   * Each point's time as milliseconds after `from` ({@link trendTimeMs}): its reading's, or its
   * bucket's newest reading's.
   */
  offsetMs: z.array(z.number().int()),
  /** The reading of each point in `readings` resolution; null for buckets. */
  readingId: z.array(z.number().int()).nullable(),
  /** Readings in each point. */
  count: z.array(z.number().int()),
  /** The classes of reading in the window, and each point's (of its newest reading) as an index in them. */
  provenances: z.array(ReadingProvenance),
  provenance: z.array(z.number().int().min(0)),
  /** Each vital sign measured in the window, by catalogue key (values as summaryNumber gives them). */
  vitals: z.partialRecord(z.enum(VITAL_KEYS as [VitalKey, ...VitalKey[]]), TrendSeries),
  news2: TrendNews2,
});
export type VitalsTrend = z.infer<typeof VitalsTrend>;

/** The epoch milliseconds of a trend's point `i`. */
export const trendTimeMs = (trend: Pick<VitalsTrend, 'from' | 'offsetMs'>, i: number): number =>
  Date.parse(trend.from) + trend.offsetMs[i]!;

/**
 * NEWS2 along a trend's points (oldest first): each point scored with its last values and, for the
 * parameters it lacks, the latest earlier value in the window; and its highest, each parameter at
 * its worst value in the point. A parameter's NEWS2 score never falls and then rises again as its
 * value moves away from normal, so its worst over a point is at the point's lowest or highest
 * value; SpO2 on Scale 2 also depends on air or oxygen, so every pairing of the extremes of the two
 * is scored. Each point on the SpO2 scale in force at its time; each value placed on the chart of
 * `chartScale` (the patient's scale now, the one the chart is drawn on).
 */
export function news2AlongTrend(
  time: readonly number[],
  vitals: VitalsTrend['vitals'],
  scaleAt: (timeMs: number) => Spo2Scale,
  chartScale: Spo2Scale,
): TrendNews2 {
  type Values = Record<string, number | string | boolean | null | undefined>;
  const out: TrendNews2 = { total: [], highest: [], band: [], missing: [], rows: {} };
  const carried: Values = {};
  const dense = NEWS2_VITAL_SIGNS.map((vital) => ({
    vital,
    series: denseSeries(vitals[vital.key], time.length),
  }));
  const value = (vital: (typeof NEWS2_VITAL_SIGNS)[number], n: number | null | undefined) =>
    n === null || n === undefined ? undefined : fromSummaryNumber(vital, n);
  // A trend's points repeat the same values often (a device's steady readings): each set of values
  // on a scale is scored once.
  const scored = new Map<string, ReturnType<typeof computeNews2>>();
  const score = (values: Values, scale: Spo2Scale) => {
    let key = String(scale);
    for (const { vital } of dense) key += `|${values[vital.key] ?? ''}`;
    let result = scored.get(key);
    if (!result) {
      result = computeNews2(news2InputFromVitals(values as VitalValues, scale));
      scored.set(key, result);
    }
    return result;
  };
  for (let i = 0; i < time.length; i++) {
    const lows: Values = {};
    const highs: Values = {};
    for (const { vital, series } of dense) {
      const last = value(vital, series.last[i]);
      if (last !== undefined) carried[vital.key] = last;
      lows[vital.key] = value(vital, series.min[i]) ?? carried[vital.key] ?? null;
      highs[vital.key] = value(vital, series.max[i]) ?? carried[vital.key] ?? null;
    }
    for (const { vital, series } of dense) {
      if (series.last[i] === null) continue;
      const row = news2ChartRow(vital.news2, carried as VitalValues, chartScale);
      if (row === null) continue;
      const rows = out.rows[vital.news2] ?? [];
      rows.push(row);
      out.rows[vital.news2] = rows;
    }
    const scale = scaleAt(time[i]!);
    const now = score(carried, scale);
    // The extremes paired every way: lows with highs covers SpO2 against air or oxygen both ways.
    const candidates = [
      score(lows, scale).scores,
      score(highs, scale).scores,
      score({ ...lows, onSupplementalOxygen: highs.onSupplementalOxygen }, scale).scores,
      score({ ...highs, onSupplementalOxygen: lows.onSupplementalOxygen }, scale).scores,
    ];
    let highest = 0;
    for (const parameter of NEWS2_PARAMETERS) {
      let worst: number = now.scores[parameter] ?? 0;
      for (const candidate of candidates) worst = Math.max(worst, candidate[parameter] ?? 0);
      highest += worst;
    }
    out.total.push(now.total);
    out.highest.push(highest);
    out.band.push(NEWS2_BANDS.indexOf(now.band));
    out.missing.push(
      NEWS2_PARAMETERS.reduce((mask, p, bit) => (now.missing.includes(p) ? mask | (1 << bit) : mask), 0),
    );
  }
  return out;
}
