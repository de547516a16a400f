import {
  NEWS2_BANDS,
  NEWS2_PARAMETERS,
  NEWS2_VITAL_SIGNS,
  type News2Parameter,
  news2ChartRow,
  type ReadingProvenance,
  type Spo2Scale,
  summaryNumber,
  type TrendNews2,
  type TrendSeries,
  VITAL_SIGNS,
  type VitalKey,
  type VitalsTrend,
  type VitalValues,
} from '@vigil/domain';

/** One point of a trend as a test writes it: its time, values in stored units, and the server's NEWS2. */
export interface TrendPointSpec {
  timeMs: number;
  values: VitalValues;
  /** Lowest and highest (stored units) of a bucket's vitals; the last value alone otherwise. */
  ranges?: Partial<Record<VitalKey, [number, number]>>;
  total: number;
  highest?: number;
  missing?: News2Parameter[];
  readingId?: number;
  count?: number;
  provenance?: ReadingProvenance;
}

/**
 * Where the server places each point's values on the printed chart (domain news2ChartRow, values
 * carried forward as the server scores them), aligned with each vital's series.
 */
function chartRows(points: readonly TrendPointSpec[], spo2Scale: Spo2Scale): TrendNews2['rows'] {
  const rows: TrendNews2['rows'] = {};
  const carried: VitalValues = {};
  for (const p of points) {
    Object.assign(
      carried,
      Object.fromEntries(Object.entries(p.values).filter(([, v]) => v !== null && v !== undefined)),
    );
    for (const vital of NEWS2_VITAL_SIGNS) {
      const value = p.values[vital.key];
      if (value === null || value === undefined) continue;
      const placed = rows[vital.news2] ?? [];
      placed.push(news2ChartRow(vital.news2, carried, spo2Scale) ?? 0);
      rows[vital.news2] = placed;
    }
  }
  return rows;
}

/**
 * A server trend of these points (the columns GET /api/patients/{id}/trend answers), for the web's
 * unit tests, its chart rows placed on `spo2Scale` (1 unless given).
 */
export function makeTrend(
  points: readonly TrendPointSpec[],
  over: Partial<VitalsTrend> = {},
  spo2Scale: Spo2Scale = 1,
): VitalsTrend {
  const from = points.length ? Math.min(...points.map((p) => p.timeMs)) - 60_000 : Date.UTC(2026, 2, 2);
  const isBuckets = points.some((p) => p.readingId === undefined);
  const provenances = [...new Set(points.map((p) => p.provenance ?? 'observation'))];
  const vitals: Partial<Record<VitalKey, TrendSeries>> = {};
  for (const vital of VITAL_SIGNS) {
    const series: TrendSeries = { at: [], last: [], min: [], max: [], count: [] };
    points.forEach((p, i) => {
      const last = summaryNumber(vital, p.values[vital.key]);
      if (last === null) return;
      const [min, max] = p.ranges?.[vital.key] ?? [last, last];
      series.at.push(i);
      series.last.push(last);
      series.min.push(min);
      series.max.push(max);
      series.count.push(p.count ?? 1);
    });
    if (series.at.length) vitals[vital.key] = series;
  }
  const band = (total: number) => NEWS2_BANDS.indexOf(total >= 7 ? 'high' : total >= 5 ? 'medium' : 'low');
  return {
    from: new Date(from).toISOString(),
    to: new Date(from + 86_400_000).toISOString(),
    resolution: isBuckets ? 'buckets' : 'readings',
    bucketMs: isBuckets ? 60_000 : null,
    readingCount: points.reduce((n, p) => n + (p.count ?? 1), 0),
    newestReadingTime: points.length
      ? new Date(Math.max(...points.map((p) => p.timeMs))).toISOString()
      : null,
    offsetMs: points.map((p) => p.timeMs - from),
    readingId: isBuckets ? null : points.map((p) => p.readingId!),
    count: points.map((p) => p.count ?? 1),
    provenances,
    provenance: points.map((p) => provenances.indexOf(p.provenance ?? 'observation')),
    vitals,
    news2: {
      total: points.map((p) => p.total),
      highest: points.map((p) => p.highest ?? p.total),
      band: points.map((p) => band(p.total)),
      missing: points.map((p) =>
        NEWS2_PARAMETERS.reduce(
          (mask, parameter, bit) => ((p.missing ?? []).includes(parameter) ? mask | (1 << bit) : mask),
          0,
        ),
      ),
      rows: chartRows(points, spo2Scale),
    },
    ...over,
  };
}
