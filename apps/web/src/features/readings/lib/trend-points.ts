import {
  type Consciousness,
  computeNews2,
  type News2Band,
  type News2Parameter,
  news2InputFromVitals,
  type Spo2Scale,
  tenthsFToRoundedCelsius,
  type VitalReading,
  type VitalValues,
} from '@vigil/domain';

/** One observation on the trend chart: what the reading measured, and the NEWS2 it gives. */
export interface TrendPoint {
  readingId: number;
  timeMs: number;
  /** As measured by this reading; null when the reading did not carry the value. */
  pulse: number | null;
  spo2: number | null;
  systolicBP: number | null;
  diastolicBP: number | null;
  /** °C, one decimal, as displayed and scored. */
  temperatureC: number | null;
  respiratoryRate: number | null;
  consciousness: Consciousness | null;
  onSupplementalOxygen: boolean | null;
  news2: {
    total: number;
    band: News2Band;
    /** False while a parameter has never been recorded in the window: the total is then a minimum. */
    complete: boolean;
    missing: News2Parameter[];
    /** Parameters this reading lacked, scored from the latest earlier reading that had them. */
    carriedForward: News2Parameter[];
  };
}

/** The NEWS2 inputs a reading may carry, and the parameter each one scores. */
const NEWS2_FIELDS = [
  ['respiratoryRate', 'respiratoryRate'],
  ['oxygenLevel', 'spo2'],
  ['onSupplementalOxygen', 'airOrOxygen'],
  ['systolicBP', 'systolicBP'],
  ['heartRate', 'pulse'],
  ['consciousness', 'consciousness'],
  ['temperature', 'temperature'],
] as const satisfies readonly (readonly [keyof VitalValues, News2Parameter])[];

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
    const hasVitals = NEWS2_FIELDS.some(([field]) => isRecorded(r[field])) || isRecorded(r.diastolicBP);
    if (!hasVitals) continue;
    const carriedForward: News2Parameter[] = [];
    for (const [field, parameter] of NEWS2_FIELDS) {
      if (isRecorded(r[field])) Object.assign(latest, { [field]: r[field] });
      else if (isRecorded(latest[field])) carriedForward.push(parameter);
    }
    const news2 = computeNews2(news2InputFromVitals(latest, spo2Scale));
    points.push({
      readingId: r.id,
      timeMs,
      pulse: r.heartRate,
      spo2: r.oxygenLevel,
      systolicBP: r.systolicBP,
      diastolicBP: r.diastolicBP,
      temperatureC: r.temperature === null ? null : tenthsFToRoundedCelsius(r.temperature),
      respiratoryRate: r.respiratoryRate,
      consciousness: r.consciousness,
      onSupplementalOxygen: r.onSupplementalOxygen,
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
