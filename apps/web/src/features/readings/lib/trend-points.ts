import {
  computeNews2,
  type News2Band,
  type News2Parameter,
  type NumericVitalSign,
  news2InputFromVitals,
  type Spo2Scale,
  tenthsFToRoundedCelsius,
  VITAL_SIGNS,
  type VitalKey,
  type VitalReading,
  type VitalSign,
  type VitalValues,
} from '@vigil/domain';

/**
 * One observation on the trend chart: what the reading measured, each vital under its point field
 * (null when the reading did not carry it; temperature in °C, one decimal, as displayed and scored),
 * and the NEWS2 it gives.
 */
export type TrendPoint = {
  readingId: number;
  timeMs: number;
  news2: {
    total: number;
    band: News2Band;
    /** False while a parameter has never been recorded in the window: the total is then a minimum. */
    complete: boolean;
    missing: News2Parameter[];
    /** Parameters this reading lacked, scored from the latest earlier reading that had them. */
    carriedForward: News2Parameter[];
  };
} & { [K in VitalKey as (typeof TREND_FIELD)[K]]: Exclude<VitalValues[K], undefined> };

/** The point's field of each vital sign. */
const TREND_FIELD = {
  respiratoryRate: 'respiratoryRate',
  oxygenLevel: 'spo2',
  onSupplementalOxygen: 'onSupplementalOxygen',
  systolicBP: 'systolicBP',
  diastolicBP: 'diastolicBP',
  heartRate: 'pulse',
  consciousness: 'consciousness',
  temperature: 'temperatureC',
} as const satisfies Record<VitalKey, string>;

/** A numeric vital's value on a point as plotted and listed (°C for temperature); null if not measured. */
export function trendValue(point: TrendPoint, vital: NumericVitalSign): number | null {
  return point[TREND_FIELD[vital.key]];
}

/** A reading's value of a vital as the point holds it: °C to one decimal for a temperature. */
function pointValue(vital: VitalSign, reading: VitalReading) {
  const value = reading[vital.readingField];
  if (value === null || value === undefined) return null;
  return vital.kind === 'number' && vital.entry === 'celsius'
    ? tenthsFToRoundedCelsius(value as number)
    : value;
}

/** The NEWS2 inputs a reading may carry, and the parameter each one scores. */
const NEWS2_VITALS = VITAL_SIGNS.flatMap((v) =>
  v.news2 ? [{ field: v.readingField, parameter: v.news2 }] : [],
);

const isRecorded = (value: unknown) => value !== null && value !== undefined;

/**
 * The trend chart's points, oldest first, from a window of readings.
 *
 * NEWS2 per point: devices often send only some values (a pulse oximeter: pulse and SpO2), so each
 * reading is scored with the values it carries plus, for each parameter it lacks, the latest earlier
 * value in the window (carried forward, listed in `carriedForward`). A parameter never seen in the
 * window stays missing and the score is marked incomplete (a minimum), never counted as normal. The
 * patient's SpO2 scale applies (readings do not carry it). Readings without any vital value (battery
 * or steps only) are not observations and are left out.
 */
export function trendPoints(readings: readonly VitalReading[], spo2Scale: Spo2Scale): TrendPoint[] {
  const sorted = readings
    .map((reading) => ({ reading, timeMs: Date.parse(reading.readingTime) }))
    .filter(({ timeMs }) => Number.isFinite(timeMs))
    .sort((a, b) => a.timeMs - b.timeMs || a.reading.id - b.reading.id);
  const latest: VitalValues = {};
  const points: TrendPoint[] = [];

  for (const { reading: r, timeMs } of sorted) {
    if (!VITAL_SIGNS.some((v) => isRecorded(r[v.readingField]))) continue;
    const carriedForward: News2Parameter[] = [];
    for (const { field, parameter } of NEWS2_VITALS) {
      if (isRecorded(r[field])) Object.assign(latest, { [field]: r[field] });
      else if (isRecorded(latest[field])) carriedForward.push(parameter);
    }
    const news2 = computeNews2(news2InputFromVitals(latest, spo2Scale));
    const values = Object.fromEntries(VITAL_SIGNS.map((v) => [TREND_FIELD[v.key], pointValue(v, r)]));
    points.push({
      ...(values as Omit<TrendPoint, 'readingId' | 'timeMs' | 'news2'>),
      readingId: r.id,
      timeMs,
      news2: {
        total: news2.total,
        band: news2.band,
        complete: news2.complete,
        missing: news2.missing,
        carriedForward,
      },
    });
  }
  return points;
}
