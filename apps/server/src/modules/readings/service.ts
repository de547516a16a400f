import {
  type BedTrend,
  bedTrend,
  computeNews2,
  countsAsCurrent,
  EARLIEST_YEAR,
  LATEST_YEAR,
  MAX_RECORD_ID,
  NEWS2_TREND_WINDOW_H,
  type News2Point,
  news2InputFromVitals,
  news2Series,
  READING_PROVENANCES,
  type ReadingsPage,
  type ReadingsQuery,
  type Spo2Scale,
  spo2ScaleAt,
  type VitalReading,
} from '@vigil/domain';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { PatientService } from '../patients/service.ts';
import { toVitalReading } from './mappers.ts';
import type { PatientRow, ReadingRepository, ReadingRow } from './repository.ts';
import type { TrendRepository } from './trend-repository.ts';

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
  patients: Pick<PatientService, 'assertExists'>;
  clock: Clock;
}) {
  const { repo, trends, patients, clock } = deps;
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

    async latest(patientId: number): Promise<VitalReading | null> {
      await patients.assertExists(patientId);
      const [row] = await repo.page(patientId, 1, null, null);
      return row ? toVitalReading(row) : null;
    },

    /**
     * NEWS2 along the patient's readings that count (never a wearable summary, never a simulated
     * value on a real patient), from `since` (default: the last day), scored on the server.
     */
    async news2Series(patientId: number, since: string | undefined): Promise<News2Point[]> {
      const now = clock.now();
      const from = since ? new Date(since) : new Date(now.getTime() - SERIES_DEFAULT_MS);
      const [found, changes] = await Promise.all([
        repo.patientWithHistory(patientId, from, now, countingProvenances),
        trends.scaleChanges([patientId]),
      ]);
      if (!found) throw notFound('Patient not found', 'PATIENT_NOT_FOUND');
      // Each reading on the scale in force when it was measured, not the patient's scale now.
      const scaleNow = found.patient.spo2Scale === 2 ? 2 : 1;
      return news2Series(found.history, spo2ScaleAt(changes.get(patientId) ?? [], scaleNow));
    },

    /**
     * Which way each patient's NEWS2 series (as {@link news2Series} scores it) went over the last
     * {@link NEWS2_TREND_WINDOW_H} hours: its last point against its first. A patient with fewer
     * than two scored readings in the window has no trend (left out of the map).
     */
    async news2Trends(patientIds: readonly number[]): Promise<Map<number, BedTrend>> {
      const now = clock.now();
      const from = new Date(now.getTime() - NEWS2_TREND_WINDOW_H * 3_600_000);
      const [ends, changes] = await Promise.all([
        trends.seriesEnds(patientIds, from, now, countingProvenances),
        trends.scaleChanges(patientIds),
      ]);
      const trendOf = new Map<number, BedTrend>();
      for (const { patientId, spo2Scale, scored, first, latest } of ends) {
        if (scored < 2 || !first) continue;
        // Each end on the scale in force when its reading was measured, as the series scores it.
        const scaleAt = spo2ScaleAt(changes.get(patientId) ?? [], spo2Scale === 2 ? 2 : 1);
        const total = (values: ReadingRow, scale: Spo2Scale) =>
          computeNews2(news2InputFromVitals(values, scale)).total;
        trendOf.set(
          patientId,
          bedTrend(
            total(first, scaleAt(first.readingTime.getTime())),
            total(latest, scaleAt(latest.readingTime.getTime())),
          ),
        );
      }
      return trendOf;
    },

    /**
     * A patient and its readings that count in [from, to], oldest first (a trend's input), in one
     * query; undefined when there is no such patient.
     */
    withHistory: (
      patientId: number,
      from: Date,
      to: Date,
    ): Promise<{ patient: PatientRow; history: ReadingRow[] } | undefined> =>
      repo.patientWithHistory(patientId, from, to, countingProvenances),
  };
}

export type ReadingService = ReturnType<typeof createReadingService>;
