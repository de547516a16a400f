import { z } from 'zod';
import type { VitalValues } from '../vitals/mappers.ts';
import {
  computeNews2,
  NEWS2_PARAMETER_LABELS,
  NEWS2_PARAMETERS,
  type News2Parameter,
  type News2Scores,
  news2InputFromVitals,
} from './news2.ts';
import type { Spo2Scale } from './spo2-scale.ts';

/** Direction of the NEWS2 score: a rising score means the patient is declining. */
export const PREDICTED_TRENDS = ['IMPROVING', 'STABLE', 'DECLINING'] as const;
export const PredictedTrend = z.enum(PREDICTED_TRENDS);
export type PredictedTrend = z.infer<typeof PredictedTrend>;

/** A timed set of vitals; a VitalReading fits this shape. */
export interface TrendReading extends VitalValues {
  readingTime: string | Date;
}

export interface News2TrendOptions {
  /** Look-back window ending at `now`; default 6 h. */
  windowHours?: number;
  spo2Scale?: Spo2Scale | null;
  /** Fewer readings than this → insufficient data; default 3. */
  minReadings?: number;
  /** Readings spanning less than this → insufficient data; default 30 min. */
  minSpanMinutes?: number;
  /** Fitted change of the score across the span needed to call a direction; default 1 point. */
  minChangePoints?: number;
}

export interface News2Trend {
  trend: PredictedTrend;
  basis: 'insufficient-data' | 'history';
  readingsUsed: number;
  /** Least-squares slope of the compared score, NEWS2 points per hour (basis 'history' only). */
  slopePerHour?: number;
  /** Parameters recorded in every reading used; the compared score is their sum. */
  parameters: News2Parameter[];
  explanation: string;
}

interface ScoredPoint {
  hours: number;
  scores: News2Scores;
}

function toTime(value: string | Date): number {
  return value instanceof Date ? value.getTime() : Date.parse(value);
}

function leastSquaresSlope(points: ReadonlyArray<{ x: number; y: number }>): number {
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const p of points) {
    covariance += (p.x - meanX) * (p.y - meanY);
    variance += (p.x - meanX) ** 2;
  }
  return variance === 0 ? 0 : covariance / variance;
}

function formatHours(hours: number): string {
  return `${Number(hours.toFixed(1))} h`;
}

function insufficient(readingsUsed: number, parameters: News2Parameter[], why: string): News2Trend {
  return {
    trend: 'STABLE',
    basis: 'insufficient-data',
    readingsUsed,
    parameters,
    explanation: `Not enough data for a NEWS2 trend: ${why}. Shown as STABLE until more readings arrive.`,
  };
}

/**
 * Direction of the NEWS2 score over the readings of the last `windowHours` (default 6) up to `now`.
 *
 * Rule: each reading in the window is scored with NEWS2 (the patient's SpO2 scale). Only parameters
 * recorded in every reading are compared, so a parameter that appears or disappears cannot fake a
 * trend. A least-squares line is fitted to that score against time; its change across the observed
 * span (slope × span) of at least +`minChangePoints` (default 1) is DECLINING, at most −1 IMPROVING,
 * otherwise STABLE. Fewer than 3 readings, a span under 30 minutes, or no parameter common to all
 * readings gives STABLE with basis 'insufficient-data'. Readings after `now` or with an unreadable
 * time are ignored.
 */
export function news2Trend(
  readings: readonly TrendReading[],
  now: Date,
  options: News2TrendOptions = {},
): News2Trend {
  const windowHours = options.windowHours ?? 6;
  const minReadings = options.minReadings ?? 3;
  const minSpanMinutes = options.minSpanMinutes ?? 30;
  const minChangePoints = options.minChangePoints ?? 1;
  const end = now.getTime();
  const start = end - windowHours * 3_600_000;

  const inWindow = readings
    .map((reading) => ({ reading, time: toTime(reading.readingTime) }))
    .filter(({ time }) => Number.isFinite(time) && time >= start && time <= end)
    .sort((a, b) => a.time - b.time);
  const firstTime = inWindow[0]?.time ?? end;
  const points: ScoredPoint[] = inWindow
    .map(({ reading, time }) => ({
      hours: (time - firstTime) / 3_600_000,
      scores: computeNews2(news2InputFromVitals(reading, options.spo2Scale)).scores,
    }))
    .filter((point) => NEWS2_PARAMETERS.some((parameter) => point.scores[parameter] !== null));

  const window = `the last ${formatHours(windowHours)}`;
  if (points.length < minReadings) {
    return insufficient(
      points.length,
      [],
      `${points.length} scorable reading${points.length === 1 ? '' : 's'} in ${window} (at least ${minReadings} needed)`,
    );
  }
  const spanHours = points[points.length - 1]!.hours - points[0]!.hours;
  if (spanHours * 60 < minSpanMinutes) {
    return insufficient(
      points.length,
      [],
      `the readings in ${window} span ${Math.round(spanHours * 60)} min (at least ${minSpanMinutes} min needed)`,
    );
  }
  const parameters = NEWS2_PARAMETERS.filter((parameter) =>
    points.every((point) => point.scores[parameter] !== null),
  );
  if (parameters.length === 0) {
    return insufficient(points.length, [], `no NEWS2 parameter was recorded in every reading in ${window}`);
  }

  const series = points.map((point) => ({
    x: point.hours,
    y: parameters.reduce((sum, parameter) => sum + (point.scores[parameter] ?? 0), 0),
  }));
  const slopePerHour = leastSquaresSlope(series);
  const fittedChange = slopePerHour * spanHours;
  const trend: PredictedTrend =
    fittedChange >= minChangePoints ? 'DECLINING' : fittedChange <= -minChangePoints ? 'IMPROVING' : 'STABLE';
  const direction = trend === 'DECLINING' ? 'rising' : trend === 'IMPROVING' ? 'falling' : 'flat';
  const sign = slopePerHour > 0 ? '+' : '';
  const first = series[0]!.y;
  const last = series[series.length - 1]!.y;
  const compared = parameters.map((parameter) => NEWS2_PARAMETER_LABELS[parameter]).join(', ');
  return {
    trend,
    basis: 'history',
    readingsUsed: points.length,
    slopePerHour,
    parameters,
    explanation:
      `NEWS2 ${direction} (${trend}): ${first} → ${last} over ${formatHours(spanHours)} from ${points.length} readings, ` +
      `fitted slope ${sign}${slopePerHour.toFixed(2)} points/h; compared parameters: ${compared}.`,
  };
}
