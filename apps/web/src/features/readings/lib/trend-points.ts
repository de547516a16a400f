import {
  countsAsCurrent,
  denseSeries,
  fromSummaryNumber,
  missingParameters,
  NEWS2_VITAL_SIGNS,
  type News2Band,
  type News2Parameter,
  type ReadingProvenance,
  tenthsFToRoundedCelsius,
  trendBand,
  trendTimeMs,
  VITAL_SIGNS,
  type VitalKey,
  type VitalReading,
  type VitalSign,
  type VitalsTrend,
  type VitalValues,
} from '@vigil/domain';

/** The NEWS2 the server gives a point of the trend. */
export interface TrendNews2 {
  /** After the point's newest reading (values it lacks carried forward from earlier in the window). */
  total: number;
  /** The highest score a reading of the point can have: its total for one reading. */
  highest: number;
  band: News2Band;
  /** False while a parameter has not been recorded in the window: the total is then a minimum. */
  complete: boolean;
  missing: News2Parameter[];
}

/**
 * One point of the trend chart: a reading, or a bucket of readings (`count` of them) that the
 * server summarised by each vital sign's last, lowest and highest value. Each vital under its
 * catalogue key as displayed (temperature in °C to one decimal; ACVPU as its letter), null when the
 * point did not measure it; `range` holds its lowest and highest when the point holds several. Its
 * class is its newest reading's; its NEWS2 is the server's (null for a reading that arrived after the
 * server's trend was read, until it is read again).
 */
export type TrendPoint = {
  readingId: number | null;
  timeMs: number;
  count: number;
  provenance: ReadingProvenance;
  news2: TrendNews2 | null;
  range: Partial<Record<VitalKey, [number, number]>>;
  /**
   * Where the server placed each NEWS2 parameter measured at this point on the printed chart: its
   * row's index in the parameter's section (domain news2ChartSections); empty for a live reading.
   */
  chartRows: Partial<Record<News2Parameter, number>>;
} & { [K in VitalKey]: Exclude<VitalValues[K], undefined> };

type TrendPointValues = Omit<
  TrendPoint,
  'readingId' | 'timeMs' | 'count' | 'provenance' | 'news2' | 'range' | 'chartRows'
>;

/** A value of a vital as a point holds it: °C to one decimal for a temperature, the letter for ACVPU. */
function displayed(vital: VitalSign, value: unknown) {
  if (value === null || value === undefined) return null;
  return vital.kind === 'number' && vital.entry === 'celsius'
    ? tenthsFToRoundedCelsius(value as number)
    : value;
}

/** A numeric vital's value on a point as plotted and listed (°C for temperature); null if not measured. */
export function trendValue(point: TrendPoint, key: VitalKey): number | null {
  const value = point[key];
  return typeof value === 'number' ? value : null;
}

const isRecorded = (value: unknown) => value !== null && value !== undefined;

/** The server's chart rows by point: each parameter's row is aligned with its vital's series. */
function chartRowsOf(trend: VitalsTrend, points: number): Partial<Record<News2Parameter, number>>[] {
  const byPoint = Array.from({ length: points }, () => ({}) as Partial<Record<News2Parameter, number>>);
  for (const vital of NEWS2_VITAL_SIGNS) {
    const rows = trend.news2.rows[vital.news2];
    trend.vitals[vital.key]?.at.forEach((i, k) => {
      const row = rows?.[k];
      if (row !== undefined && byPoint[i]) byPoint[i][vital.news2] = row;
    });
  }
  return byPoint;
}

/**
 * The trend chart's points, oldest first: the server's trend of the window (every reading, or
 * buckets; GET /api/patients/{id}/trend), then the live readings that arrived after it (`live`:
 * those that count as the patient's state and measured a vital sign), whose NEWS2 the next read of
 * the trend brings. Nothing is scored here.
 */
export function trendPoints(
  trend: VitalsTrend | undefined,
  live: readonly VitalReading[],
  patient: { isDemo: boolean },
): TrendPoint[] {
  const points: TrendPoint[] = [];
  if (trend) {
    const n = trend.offsetMs.length;
    const series = Object.fromEntries(VITAL_SIGNS.map((v) => [v.key, denseSeries(trend.vitals[v.key], n)]));
    const chartRows = chartRowsOf(trend, n);
    for (let i = 0; i < n; i++) {
      const values: Record<string, unknown> = {};
      const range: TrendPoint['range'] = {};
      for (const vital of VITAL_SIGNS) {
        const s = series[vital.key]!;
        values[vital.key] = displayed(vital, fromSummaryNumber(vital, s.last[i] ?? null));
        if (vital.kind === 'number' && s.count[i]! > 1 && s.min[i] !== s.max[i]) {
          range[vital.key] = [displayed(vital, s.min[i]) as number, displayed(vital, s.max[i]) as number];
        }
      }
      const missing = missingParameters(trend.news2.missing[i]!);
      points.push({
        ...(values as TrendPointValues),
        readingId: trend.readingId?.[i] ?? null,
        timeMs: trendTimeMs(trend, i),
        count: trend.count[i]!,
        provenance: trend.provenances[trend.provenance[i]!] ?? 'device',
        news2: {
          total: trend.news2.total[i]!,
          highest: trend.news2.highest[i]!,
          band: trendBand(trend.news2.band[i]!),
          complete: missing.length === 0,
          missing,
        },
        range,
        chartRows: chartRows[i]!,
      });
    }
  }
  const after = points.at(-1)?.timeMs ?? Number.NEGATIVE_INFINITY;
  const known = new Set(points.flatMap((p) => (p.readingId === null ? [] : [p.readingId])));
  const fresh = live
    .map((reading) => ({ reading, timeMs: Date.parse(reading.readingTime) }))
    .filter(
      ({ reading, timeMs }) =>
        timeMs > after &&
        !known.has(reading.id) &&
        reading.status === 'valid' &&
        countsAsCurrent(reading.provenance, patient) &&
        VITAL_SIGNS.some((v) => isRecorded(reading[v.readingField])),
    )
    .sort((a, b) => a.timeMs - b.timeMs || a.reading.id - b.reading.id);
  for (const { reading, timeMs } of fresh) {
    const values = Object.fromEntries(VITAL_SIGNS.map((v) => [v.key, displayed(v, reading[v.readingField])]));
    points.push({
      ...(values as TrendPointValues),
      readingId: reading.id,
      timeMs,
      count: 1,
      provenance: reading.provenance,
      news2: null,
      range: {},
      chartRows: {},
    });
  }
  return points;
}
