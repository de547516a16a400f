import {
  news2AlongTrend,
  READING_PROVENANCES,
  type ReadingProvenance,
  spo2ScaleAt,
  summaryNumber,
  TREND_DEFAULT_WINDOW_MS,
  TREND_MAX_POINTS,
  TREND_MAX_WINDOW_MS,
  TREND_MIN_WINDOW_MS,
  type TrendQuery,
  type TrendSeries,
  trendBucketMs,
  VITAL_SIGNS,
  type VitalKey,
  type VitalsTrend,
} from '@vigil/domain';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { ReadingRow } from './repository.ts';
import type { TimeseriesRepository } from './timeseries-repository.ts';
import type { TrendRepository } from './trend-repository.ts';

// A patient's vital-signs trend over any window, bounded whatever the rate of readings (decision
// 029): every reading while there are at most TREND_MAX_POINTS, otherwise buckets; NEWS2 along it
// scored by the domain.

const MINUTE_MS = 60_000;

/** A trend's columns as they are built: absolute times, and each point's class. */
interface Columns {
  time: number[];
  readingId: number[];
  count: number[];
  provenance: ReadingProvenance[];
  vitals: VitalsTrend['vitals'];
}
const isProvenance = (value: string): value is ReadingProvenance =>
  (READING_PROVENANCES as readonly string[]).includes(value);

export function createTrendService(deps: {
  timeseries: TimeseriesRepository;
  trends: Pick<TrendRepository, 'scaleChanges' | 'patientScale'>;
  /** The classes of reading that count as a patient's state, for a demo patient or not. */
  counting: (isDemo: boolean) => readonly string[];
  /** Raw device readings before this are removed: their summaries are what remains of them. */
  retentionCutoff: () => Date;
  clock: Clock;
}) {
  const { timeseries, trends, clock } = deps;

  /** The window asked for: `to` (default now) back to `from` (default a day before), a minute to a week. */
  function windowOf(query: TrendQuery): { from: Date; to: Date } {
    const to = query.to ? new Date(query.to) : clock.now();
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - TREND_DEFAULT_WINDOW_MS);
    const span = to.getTime() - from.getTime();
    if (span < TREND_MIN_WINDOW_MS || span > TREND_MAX_WINDOW_MS) {
      throw badRequest(
        'from must be before to, by at least a minute and at most 7 days (a trend covers a minute to a week)',
        'BAD_TREND_WINDOW',
      );
    }
    return { from, to };
  }

  /** Columns of a trend of single readings: each value its own last, lowest and highest. */
  function fromReadings(rows: readonly ReadingRow[]): Columns {
    const vitals: Partial<Record<VitalKey, TrendSeries>> = {};
    for (const vital of VITAL_SIGNS) {
      const series: TrendSeries = { at: [], last: [], min: [], max: [], count: [] };
      rows.forEach((row, i) => {
        const value = summaryNumber(vital, row[vital.readingField]);
        if (value === null) return;
        series.at.push(i);
        series.last.push(value);
        series.min.push(value);
        series.max.push(value);
        series.count.push(1);
      });
      if (series.at.length > 0) vitals[vital.key] = series;
    }
    return {
      time: rows.map((r) => r.readingTime.getTime()),
      readingId: rows.map((r) => r.id),
      count: rows.map(() => 1),
      provenance: rows.map((r) => r.provenance),
      vitals,
    };
  }

  /** Columns of a trend of buckets, from each vital sign's rows by bucket (in bucket order). */
  function fromBuckets(rows: Awaited<ReturnType<TimeseriesRepository['buckets']>>): Columns {
    const buckets = [...new Set(rows.map((r) => r.bucket))];
    const index = new Map(buckets.map((b, i) => [b, i]));
    const n = buckets.length;
    const time = new Array<number>(n).fill(0);
    const count = new Array<number>(n).fill(0);
    const provenance = new Array<ReadingProvenance>(n).fill('device');
    const vitals: Partial<Record<VitalKey, TrendSeries>> = {};
    // Rows come in bucket order, so each vital's points are appended in order.
    for (const row of rows) {
      const i = index.get(row.bucket)!;
      const key = row.vital as VitalKey;
      let series = vitals[key];
      if (!series) {
        series = { at: [], last: [], min: [], max: [], count: [] };
        vitals[key] = series;
      }
      series.at.push(i);
      series.last.push(row.last);
      series.min.push(row.min);
      series.max.push(row.max);
      series.count.push(row.count);
      // The bucket is where its newest reading is, of the class of that reading.
      if (row.lastMs >= time[i]!) {
        time[i] = row.lastMs;
        if (isProvenance(row.provenance)) provenance[i] = row.provenance;
      }
      count[i] = Math.max(count[i]!, row.count);
    }
    return { time, readingId: [], count, provenance, vitals };
  }

  return {
    async trend(patientId: number, query: TrendQuery): Promise<VitalsTrend> {
      const { from, to } = windowOf(query);
      // What does not depend on the window, asked at once.
      const [patient, scaleChanges] = await Promise.all([
        trends.patientScale(patientId),
        trends.scaleChanges([patientId]),
      ]);
      if (!patient) throw notFound('Patient not found', 'PATIENT_NOT_FOUND');
      const classes = deps.counting(patient.isDemo);
      // Raw device data past retention survives as per-minute summaries only: such a window is
      // always read from them, in buckets of a minute at least.
      const pastRetention = from.getTime() < deps.retentionCutoff().getTime();
      const readings = pastRetention
        ? TREND_MAX_POINTS + 1
        : await timeseries.count(patientId, from, to, classes, TREND_MAX_POINTS + 1);
      let columns: Columns;
      let bucketMs: number | null = null;
      if (readings <= TREND_MAX_POINTS) {
        columns = fromReadings(await timeseries.readings(patientId, from, to, classes, TREND_MAX_POINTS));
      } else {
        const span = to.getTime() - from.getTime();
        bucketMs = pastRetention ? Math.max(trendBucketMs(span), MINUTE_MS) : trendBucketMs(span);
        // Whole minutes come from the summaries (five minutes when they divide the bucket); shorter
        // buckets from the readings.
        const fromSummaries = bucketMs % MINUTE_MS === 0;
        columns = fromBuckets(
          await timeseries.buckets(patientId, from, to, classes, bucketMs, fromSummaries),
        );
      }
      const changes = scaleChanges.get(patientId) ?? [];
      const scaleAt = spo2ScaleAt(changes, patient.spo2Scale === 2 ? 2 : 1);
      const newest = columns.time.length ? Math.max(...columns.time) : null;
      const provenances = [...new Set(columns.provenance)];
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        resolution: bucketMs === null ? 'readings' : 'buckets',
        bucketMs,
        readingCount: bucketMs === null ? readings : columns.count.reduce((a, b) => a + b, 0),
        newestReadingTime: newest === null ? null : new Date(newest).toISOString(),
        offsetMs: columns.time.map((time) => time - from.getTime()),
        readingId: bucketMs === null ? columns.readingId : null,
        count: columns.count,
        provenances,
        provenance: columns.provenance.map((p) => provenances.indexOf(p)),
        vitals: columns.vitals,
        news2: news2AlongTrend(columns.time, columns.vitals, scaleAt, patient.spo2Scale === 2 ? 2 : 1),
      };
    },
  };
}

export type TrendService = ReturnType<typeof createTrendService>;
