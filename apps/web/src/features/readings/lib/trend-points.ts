import {
  type News2Point,
  type NumericVitalSign,
  type ReadingProvenance,
  tenthsFToRoundedCelsius,
  VITAL_SIGNS,
  type VitalKey,
  type VitalReading,
  type VitalSign,
  type VitalValues,
} from '@vigil/domain';

/** The NEWS2 the server gives a reading (its series point, without the reading's id and time). */
export type TrendNews2 = Omit<News2Point, 'readingId' | 'readingTime'>;

/**
 * One observation on the trend chart: what the reading measured, each vital under its catalogue key
 * (null when the reading did not carry it; `temperature` as displayed, in °C to one decimal), its
 * class, and the NEWS2 the server gives it (null until the server's series has it).
 */
export type TrendPoint = {
  readingId: number;
  timeMs: number;
  provenance: ReadingProvenance;
  news2: TrendNews2 | null;
} & { [K in VitalKey]: Exclude<VitalValues[K], undefined> };

/** A numeric vital's value on a point as plotted and listed (°C for temperature); null if not measured. */
export function trendValue(point: TrendPoint, vital: NumericVitalSign): number | null {
  return point[vital.key];
}

/** A reading's value of a vital as the point holds it: °C to one decimal for a temperature. */
function pointValue(vital: VitalSign, reading: VitalReading) {
  const value = reading[vital.readingField];
  if (value === null || value === undefined) return null;
  return vital.kind === 'number' && vital.entry === 'celsius'
    ? tenthsFToRoundedCelsius(value as number)
    : value;
}

const isRecorded = (value: unknown) => value !== null && value !== undefined;

/**
 * The trend chart's points, oldest first, from a window of readings and the server's NEWS2 series
 * for it (GET /api/patients/{id}/news2-series: each reading that counts, scored with the values it
 * lacks carried forward, complete or a minimum). Only readings that count as the patient's state are
 * plotted (`counts`: a wearable's summary of a past night is context, shown on the wearable card);
 * readings without any vital value (battery or steps only) are not observations and are left out. A
 * reading the series does not list yet (it arrived a moment ago) has no NEWS2 until it does.
 */
export function trendPoints(
  readings: readonly VitalReading[],
  series: readonly News2Point[],
  counts: (reading: VitalReading) => boolean,
): TrendPoint[] {
  const scores = new Map(series.map(({ readingId, readingTime: _time, ...news2 }) => [readingId, news2]));
  return readings
    .map((reading) => ({ reading, timeMs: Date.parse(reading.readingTime) }))
    .filter(({ reading, timeMs }) => Number.isFinite(timeMs) && counts(reading))
    .filter(({ reading }) => VITAL_SIGNS.some((v) => isRecorded(reading[v.readingField])))
    .sort((a, b) => a.timeMs - b.timeMs || a.reading.id - b.reading.id)
    .map(({ reading: r, timeMs }) => {
      const values = Object.fromEntries(VITAL_SIGNS.map((v) => [v.key, pointValue(v, r)]));
      return {
        ...(values as Omit<TrendPoint, 'readingId' | 'timeMs' | 'provenance' | 'news2'>),
        readingId: r.id,
        timeMs,
        provenance: r.provenance,
        news2: scores.get(r.id) ?? null,
      };
    });
}
