import { z } from 'zod';
import { VITAL_SIGNS } from '../vitals/catalogue.ts';
import type { VitalValues } from '../vitals/mappers.ts';
import { computeNews2, NEWS2_PARAMETERS, type News2Parameter, news2InputFromVitals } from './news2.ts';
import type { Spo2Scale } from './spo2-scale.ts';
import { NEWS2_BANDS } from './words.ts';

/** The NEWS2 a reading gives on the trend chart and in the readings table. */
export const News2Point = z.object({
  /** The reading scored; null for a bucket of several readings (a window of more than 1,500). */
  readingId: z.number().int().nullable(),
  /** The reading's time, or the time of its bucket's newest reading. */
  readingTime: z.iso.datetime({ offset: true }),
  total: z.number().int(),
  /** The highest score a reading of the point can have (its bucket's); the total for one reading. */
  highest: z.number().int().optional(),
  /** Readings in the point: 1, or a bucket's count. */
  count: z.number().int().optional(),
  band: z.enum(NEWS2_BANDS),
  /** False while a parameter has never been recorded in the window: the total is then a minimum. */
  complete: z.boolean(),
  missing: z.array(z.enum(NEWS2_PARAMETERS)),
  /** Parameters this reading lacked, scored from the latest earlier reading that had them. */
  carriedForward: z.array(z.enum(NEWS2_PARAMETERS)),
});
export type News2Point = z.infer<typeof News2Point>;

/** What {@link news2Series} reads of a stored reading. */
export interface SeriesReading extends VitalValues {
  id: number;
  readingTime: string | Date;
}

/**
 * A recorded change of a patient's SpO2 scale: the scale replaced and the scale in force from `at`
 * (the server's `spo2_scale_changes` table, issue 39; a reading stores no scale).
 */
export interface Spo2ScaleChange {
  at: string | Date;
  from: Spo2Scale;
  to: Spo2Scale;
}

/**
 * The SpO2 scale in force at a time, from the patient's recorded changes (any order): the scale
 * the latest change at or before it set; before the first change, the scale that change replaced;
 * with no change recorded, the patient's scale now. The FHIR export finds it by the same rule.
 */
export function spo2ScaleAt(
  changes: readonly Spo2ScaleChange[],
  current: Spo2Scale,
): (timeMs: number) => Spo2Scale {
  const sorted = changes.map((c) => ({ ...c, atMs: timeOf(c.at) })).sort((a, b) => a.atMs - b.atMs);
  return (timeMs) => {
    if (sorted.length === 0) return current;
    let inForce: Spo2Scale = sorted[0]!.from;
    for (const change of sorted) {
      if (change.atMs > timeMs) break;
      inForce = change.to;
    }
    return inForce;
  };
}

const NEWS2_VITALS = VITAL_SIGNS.flatMap((v) =>
  v.news2 ? [{ field: v.readingField, parameter: v.news2 }] : [],
);
const isRecorded = (value: unknown) => value !== null && value !== undefined;
const timeOf = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * NEWS2 along a window of readings, oldest first, one point per reading that measured a vital sign.
 *
 * Devices often send only some values (a pulse oximeter: pulse and SpO2), so each reading is scored
 * with the values it carries plus, for each parameter it lacks, the latest earlier value in the
 * window (listed in `carriedForward`). A parameter never seen in the window stays missing and the
 * score is a minimum (`complete` false), never counted as normal. Each point is scored on the SpO2
 * scale in force when its reading was measured (`spo2Scale`: one scale, or the scale at a time, as
 * {@link spo2ScaleAt} finds it): a past reading keeps the score it had when it was taken.
 * The caller passes only readings that count as the patient's state (provenance.ts).
 */
export function news2Series(
  readings: readonly SeriesReading[],
  spo2Scale: Spo2Scale | ((timeMs: number) => Spo2Scale),
): News2Point[] {
  const scaleAt = typeof spo2Scale === 'function' ? spo2Scale : () => spo2Scale;
  const sorted = readings
    .map((reading) => ({ reading, timeMs: timeOf(reading.readingTime) }))
    .filter(({ timeMs }) => Number.isFinite(timeMs))
    .sort((a, b) => a.timeMs - b.timeMs || a.reading.id - b.reading.id);
  const latest: VitalValues = {};
  const points: News2Point[] = [];
  for (const { reading: r, timeMs } of sorted) {
    if (!VITAL_SIGNS.some((v) => isRecorded(r[v.readingField]))) continue;
    const carriedForward: News2Parameter[] = [];
    for (const { field, parameter } of NEWS2_VITALS) {
      if (isRecorded(r[field])) Object.assign(latest, { [field]: r[field] });
      else if (isRecorded(latest[field])) carriedForward.push(parameter);
    }
    const news2 = computeNews2(news2InputFromVitals(latest, scaleAt(timeMs)));
    points.push({
      readingId: r.id,
      readingTime: new Date(timeMs).toISOString(),
      total: news2.total,
      band: news2.band,
      complete: news2.complete,
      missing: news2.missing,
      carriedForward,
    });
  }
  return points;
}
