import {
  type BedTrend,
  bedTrend,
  computeNews2,
  countsAsCurrent,
  denseSeries,
  EARLIEST_YEAR,
  fromSummaryNumber,
  LATEST_YEAR,
  MAX_RECORD_ID,
  missingParameters,
  NEWS2_TREND_WINDOW_H,
  NEWS2_VITAL_SIGNS,
  type News2Point,
  news2InputFromVitals,
  READING_PROVENANCES,
  type ReadingsPage,
  type ReadingsQuery,
  type Spo2Scale,
  spo2ScaleAt,
  TREND_MAX_WINDOW_MS,
  TREND_MIN_WINDOW_MS,
  type TrendQuery,
  type TrendReading,
  trendBand,
  trendTimeMs,
  VITAL_SIGNS,
  type VitalReading,
  type VitalsTrend,
} from '@vigil/domain';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import type { PatientService } from '../patients/service.ts';
import { toVitalReading } from './mappers.ts';
import type { PatientRow, ReadingRepository, ReadingRow } from './repository.ts';
import type { TrendRepository } from './trend-repository.ts';
import type { TrendService } from './trend-service.ts';

export type { PatientRow, ReadingRow } from './repository.ts';

/** A page's `nextBefore`: the (readingTime, id) of its last reading, opaque to the client. */
const encodeCursor = (time: Date, id: number) =>
  Buffer.from(`${time.toISOString()}~${id}`).toString('base64url');

function decodeCursor(cursor: string): { time: Date; id: number } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('~');
  const time = new Date(iso ?? '');
  const n = Number(id);
  const year = time.getUTCFullYear();
  if (
    Number.isNaN(time.getTime()) ||
    year < EARLIEST_YEAR ||
    year > LATEST_YEAR ||
    !Number.isSafeInteger(n) ||
    n < 0 ||
    n > MAX_RECORD_ID
  ) {
    throw badRequest('before must be the nextBefore cursor of a previous page', 'BAD_CURSOR');
  }
  return { time, id: n };
}

/** A patient's stored readings: the history pages, the latest, and the trend window. */
/** The classes of reading that count as a patient's state (decision 014), for a demo patient or not. */
export const countingProvenances = (isDemo: boolean) =>
  READING_PROVENANCES.filter((p) => countsAsCurrent(p, { isDemo }));

/** How far back the NEWS2 series reaches when not told (the trend chart's day). */
const SERIES_DEFAULT_MS = 24 * 3_600_000;

export function createReadingService(deps: {
  repo: ReadingRepository;
  trends: TrendRepository;
  /** The bounded trend every answer built from readings reads (decision 029). */
  trendService: Pick<TrendService, 'trend'>;
  patients: Pick<PatientService, 'assertExists'>;
  clock: Clock;
}) {
  const { repo, trends, trendService, patients, clock } = deps;
  /**
   * Each patient's {@link news2Trends} trend (null without one), and until when it holds by time
   * alone (`untilMs`): its first reading leaves the window then, and the series' first point with
   * it (its newest values are never older than its first). Infinity with no reading in the window:
   * only a new reading (its live event) can change it. For an answer kept in memory (decision 035).
   */
  async function news2TrendsHeld(
    patientIds: readonly number[],
  ): Promise<Map<number, { trend: BedTrend | null; untilMs: number }>> {
    const now = clock.now();
    const windowMs = NEWS2_TREND_WINDOW_H * 3_600_000;
    const from = new Date(now.getTime() - windowMs);
    const [ends, changes] = await Promise.all([
      trends.seriesEnds(patientIds, from, now, countingProvenances),
      trends.scaleChanges(patientIds),
    ]);
    const held = new Map<number, { trend: BedTrend | null; untilMs: number }>();
    for (const id of patientIds) held.set(id, { trend: null, untilMs: Number.POSITIVE_INFINITY });
    for (const { patientId, spo2Scale, scored, first, latest } of ends) {
      if (!first) continue;
      // In the window while reading_time >= now - window: it leaves a millisecond after.
      const untilMs = first.readingTime.getTime() + windowMs + 1;
      if (scored < 2) {
        held.set(patientId, { trend: null, untilMs });
        continue;
      }
      // Each end on the scale in force when its reading was measured, as the series scores it.
      const scaleAt = spo2ScaleAt(changes.get(patientId) ?? [], spo2Scale === 2 ? 2 : 1);
      const total = (values: ReadingRow, scale: Spo2Scale) =>
        computeNews2(news2InputFromVitals(values, scale)).total;
      held.set(patientId, {
        trend: bedTrend(
          total(first, scaleAt(first.readingTime.getTime())),
          total(latest, scaleAt(latest.readingTime.getTime())),
        ),
        untilMs,
      });
    }
    return held;
  }

  return {
    /** Newest first, `limit` at a time, before the `before` cursor and since `since` when given. */
    async page(patientId: number, query: z.infer<typeof ReadingsQuery>): Promise<ReadingsPage> {
      await patients.assertExists(patientId);
      const { limit, before, since } = query;
      const rows = await repo.page(
        patientId,
        limit + 1,
        before ? decodeCursor(before) : null,
        since ? new Date(since) : null,
      );
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        readings: page.map(toVitalReading),
        nextBefore: rows.length > limit && last ? encodeCursor(last.readingTime, last.id) : null,
      };
    },

    /** The patient's vital-signs trend over a window, bounded whatever the rate of readings. */
    trend: (patientId: number, query: TrendQuery): Promise<VitalsTrend> =>
      trendService.trend(patientId, query),

    async latest(patientId: number): Promise<VitalReading | null> {
      await patients.assertExists(patientId);
      const [row] = await repo.page(patientId, 1, null, null);
      return row ? toVitalReading(row) : null;
    },

    /**
     * NEWS2 along the patient's readings that count (never a wearable summary, never a simulated
     * value on a real patient, never one entered in error), from `since` (default: the last day) to
     * now, scored on the server: the trend's NEWS2 as rows, one per reading or, beyond
     * TREND_MAX_POINTS readings, per bucket (its `readingId` null, its `highest` the highest score a
     * reading in it can have). Bounded, and ending at the newest reading.
     */
    async news2Series(patientId: number, since: string | undefined): Promise<News2Point[]> {
      const now = clock.now();
      const from = since ? new Date(since) : new Date(now.getTime() - SERIES_DEFAULT_MS);
      if (from.getTime() >= now.getTime() - TREND_MIN_WINDOW_MS) {
        throw badRequest('since must be at least a minute before now', 'BAD_TREND_WINDOW');
      }
      const earliest = now.getTime() - TREND_MAX_WINDOW_MS;
      const trend = await trendService.trend(patientId, {
        from: new Date(Math.max(from.getTime(), earliest)).toISOString(),
        to: now.toISOString(),
      });
      const { news2 } = trend;
      const points = trend.offsetMs.length;
      const measured = Object.fromEntries(
        NEWS2_VITAL_SIGNS.map((v) => [v.key, denseSeries(trend.vitals[v.key], points)]),
      );
      return trend.offsetMs.map((_, i) => {
        const missing = missingParameters(news2.missing[i]!);
        return {
          readingId: trend.readingId?.[i] ?? null,
          readingTime: new Date(trendTimeMs(trend, i)).toISOString(),
          total: news2.total[i]!,
          highest: news2.highest[i]!,
          count: trend.count[i]!,
          band: trendBand(news2.band[i]!),
          complete: missing.length === 0,
          missing,
          carriedForward: NEWS2_VITAL_SIGNS.flatMap((v) =>
            measured[v.key]?.count[i] || missing.includes(v.news2) ? [] : [v.news2],
          ),
        };
      });
    },

    /**
     * Which way each patient's NEWS2 series (as {@link news2Series} scores it) went over the last
     * {@link NEWS2_TREND_WINDOW_H} hours: its last point against its first. A patient with fewer
     * than two scored readings in the window has no trend (left out of the map).
     */
    async news2Trends(patientIds: readonly number[]): Promise<Map<number, BedTrend>> {
      const trendOf = new Map<number, BedTrend>();
      for (const [id, { trend }] of await news2TrendsHeld(patientIds)) if (trend) trendOf.set(id, trend);
      return trendOf;
    },

    news2TrendsHeld,

    /**
     * A patient and its trend over [from, to] as readings, oldest first (the analysis's input):
     * each point's last values; bounded (buckets beyond TREND_MAX_POINTS readings). Undefined when
     * there is no such patient.
     */
    async withHistory(
      patientId: number,
      from: Date,
      to: Date,
    ): Promise<{ patient: PatientRow; history: TrendReading[] } | undefined> {
      const patient = await repo.patient(patientId);
      if (!patient) return undefined;
      const trend = await trendService.trend(patientId, { from: from.toISOString(), to: to.toISOString() });
      const points = trend.offsetMs.length;
      const last = Object.fromEntries(
        VITAL_SIGNS.map((v) => [v.key, denseSeries(trend.vitals[v.key], points).last]),
      );
      const history = trend.offsetMs.map((_, i) => {
        const reading: TrendReading = { readingTime: new Date(trendTimeMs(trend, i)) };
        for (const vital of VITAL_SIGNS) {
          const value = last[vital.key]![i];
          if (value !== null && value !== undefined) {
            Object.assign(reading, { [vital.key]: fromSummaryNumber(vital, value) });
          }
        }
        return reading;
      });
      return { patient, history };
    },
  };
}

export type ReadingService = ReturnType<typeof createReadingService>;
