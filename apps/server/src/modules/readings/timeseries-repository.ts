import { READING_MEASUREMENTS, type ReadingMeasurement, VITAL_SIGNS } from '@vigil/domain';
import { getTableColumns } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { columnList, epochMs, rowMapper, statement } from '../../db/prepared.ts';
import type { ReadingRow } from './repository.ts';
import { vitalReadings } from './schema.ts';

// The catalogue's measurements as SQL, for the statements that summarise readings (decision 029).

const COLUMNS = getTableColumns(vitalReadings);

/** A reading column of a measurement, e.g. `r."heart_rate"`. */
export const columnOf = (vital: ReadingMeasurement, alias = 'r') =>
  `${alias}."${COLUMNS[vital.readingField].name}"`;

/**
 * A measurement as the domain's `summaryNumber` gives it, in SQL: a number as stored, a choice by
 * its index among the catalogue's choices, yes or no as 1 or 0.
 */
export function summarySql(vital: ReadingMeasurement, alias = 'r'): string {
  const column = columnOf(vital, alias);
  switch (vital.kind) {
    case 'number':
      return `${column}::real`;
    case 'choice':
      return `(case ${column} ${vital.choices.map((c, i) => `when '${c.value}' then ${i}`).join(' ')} end)::real`;
    case 'boolean':
      return `(case when ${column} then 1 when not ${column} then 0 end)::real`;
  }
}

/**
 * A reading's measurements as rows `(vital, value)`: `cross join lateral` this after a reading, and
 * keep the rows whose value is not null.
 */
export const measurementRows = (measurements: readonly ReadingMeasurement[], alias = 'r') =>
  `(values ${measurements.map((v) => `('${v.key}', ${summarySql(v, alias)})`).join(', ')}) as v(vital, value)`;

/** Whether a reading measured any of these (a battery-only reading measured none). */
export const measuresAny = (measurements: readonly ReadingMeasurement[], alias = 'r') =>
  `(${measurements.map((v) => `${columnOf(v, alias)} is not null`).join(' or ')})`;

/** The five minutes (from the epoch) a time falls in, in SQL. */
export const FIVE_MINUTES_OF = (time: string) =>
  `date_bin(interval '5 minutes', ${time}, timestamptz 'epoch')`;

/** Every measurement a reading may carry: what the per-minute summaries keep. */
export const SUMMARISED = READING_MEASUREMENTS;

// A patient's readings over a window, bounded whatever their number (decision 029): counted up to a
// limit, read whole when few, or summarised into buckets from the per-minute summaries, the readings
// not yet summarised and a person's observations (which are never summarised: they are kept).

/** One vital sign in one bucket. */
export interface BucketRow {
  bucket: number;
  vital: string;
  count: number;
  min: number;
  max: number;
  last: number;
  lastMs: number;
  provenance: string;
}

const toReadingRow = rowMapper(vitalReadings);
/** Readings that measured a vital sign (not a battery level or steps alone). */
const MEASURED = measuresAny(VITAL_SIGNS);
/** Readings that count ($4: the classes that count for this patient) and were not entered in error. */
const COUNTED = `r.patient_id = $1 and r.reading_time >= $2 and r.reading_time <= $3
  and r.provenance = any($4::text[]) and r.status = 'valid' and ${MEASURED}`;

/** A layer of summaries: its table, its period column and the period a time falls in. */
interface SummaryLayer {
  table: string;
  column: string;
  periodOf: (time: string) => string;
  /** The width of its periods, ms: buckets that are a multiple of it may read it. */
  widthMs: number;
}
const SUMMARIES = {
  minutes: {
    table: 'vital_minutes',
    column: 'minute',
    periodOf: (time: string) => `date_trunc('minute', ${time})`,
    widthMs: 60_000,
  },
  fiveMinutes: { table: 'vital_five_minutes', column: 'period', periodOf: FIVE_MINUTES_OF, widthMs: 300_000 },
} satisfies Record<string, SummaryLayer>;

const STATEMENTS = {
  /** How many readings the window holds, counted up to $5 (enough to tell "few" from "many"). */
  count: statement(
    'trend_count',
    `select count(*)::int as n from (select 1 from vital_readings r where ${COUNTED} limit $5) x`,
  ),
  /** The newest reading that counts at or before $3 (the line ends there). */
  newest: statement(
    'trend_newest',
    `select ${epochMs('r.reading_time')} as ms from vital_readings r where ${COUNTED}
     order by r.reading_time desc limit 1`,
  ),
  /** Every reading of the window, oldest first. */
  readings: statement(
    'trend_readings',
    `select ${columnList(vitalReadings, 'r')} from vital_readings r where ${COUNTED}
     order by r.reading_time, r.id limit $5`,
  ),
  /**
   * The window in buckets of $5 ms from the readings themselves: for buckets shorter than a minute,
   * over a window short enough that its readings are few enough to read.
   */
  bucketsFromReadings: statement('trend_buckets_from_readings', bucketsText('readings')),
  /**
   * The summaries' snapshot: the watermark and the summaries it describes read as of one moment,
   * whatever the roll-up commits meanwhile (a statement of its own, so the planner knows the
   * watermark and reads only the readings after it by id).
   */
  snapshot: statement('', 'set transaction isolation level repeatable read, read only'),
  watermark: statement('trend_watermark', 'select through_id from reading_rollup where id = 1'),
  /** The window in buckets of $5 ms (a whole number of minutes) from the per-minute summaries. */
  bucketsFromMinutes: statement('trend_buckets_from_minutes', bucketsText(SUMMARIES.minutes)),
  /** The window in buckets of $5 ms (a multiple of five minutes) from the five-minute summaries. */
  bucketsFromFiveMinutes: statement('trend_buckets_from_five_minutes', bucketsText(SUMMARIES.fiveMinutes)),
};

/**
 * The statement that sums a window into buckets of $5 ms. From a layer of summaries: its periods
 * of the stream readings summarised so far (ids up to $6, read in the same snapshot: none is in
 * both, none in neither), the stream readings after them, and a
 * person's observations, which are kept and never summarised. From `readings`: every reading.
 */
function bucketsText(from: SummaryLayer | 'readings'): string {
  const rows = `select r.reading_time as t, v.vital, r.provenance, 1 as count, v.value as min, v.value as max,
      v.value as last, r.reading_time as last_at
    from vital_readings r cross join lateral ${measurementRows(VITAL_SIGNS)}`;
  const window = `r.patient_id = $1 and r.reading_time >= $2 and r.reading_time <= $3
    and r.provenance = any($4::text[]) and r.status = 'valid' and v.value is not null`;
  const source =
    from === 'readings'
      ? `${rows} where ${window}`
      : `select m.${from.column} as t, m.vital, m.provenance, m.count, m.min, m.max, m.last, m.last_at
         from ${from.table} m
         where m.patient_id = $1 and m.${from.column} >= ${from.periodOf('$2::timestamptz')} and m.${from.column} <= $3
           and m.provenance = any($4::text[])
           and m.vital in (${VITAL_SIGNS.map((v) => `'${v.key}'`).join(', ')})
         union all
         ${rows} where not r.kept and r.id > $6 and ${window}
         union all
         ${rows} where r.kept and r.provenance = 'observation' and ${window}`;
  // Grouped by the bucket's start (a timestamp, cheap to sort), numbered from the epoch after.
  return `select floor(extract(epoch from b.start) * 1000 / $5::int)::float8 as bucket, b.vital,
      sum(b.count)::int as count, min(b.min) as min, max(b.max) as max,
      (array_agg(b.last order by b.last_at desc))[1] as last, ${epochMs('max(b.last_at)')} as last_ms,
      (array_agg(b.provenance order by b.last_at desc))[1] as provenance
    from (select date_bin($5::int * interval '1 millisecond', s.t, timestamptz 'epoch') as start, s.*
          from (${source}) s) b
    group by b.start, b.vital
    order by b.start`;
}

export function createTimeseriesRepository(database: Pick<Database, 'run' | 'transaction'>) {
  const { run } = database;
  const window = (patientId: number, from: Date, to: Date, classes: readonly string[]) => [
    patientId,
    from.toISOString(),
    to.toISOString(),
    classes,
  ];
  return {
    /** Readings that count in [from, to], up to `limit`. */
    async count(patientId: number, from: Date, to: Date, classes: readonly string[], limit: number) {
      const [row] = await run<{ n: number }>(STATEMENTS.count, [
        ...window(patientId, from, to, classes),
        limit,
      ]);
      return row?.n ?? 0;
    },

    /** The time of the newest reading that counts in [from, to], or null. */
    async newest(patientId: number, from: Date, to: Date, classes: readonly string[]) {
      const [row] = await run<{ ms: number }>(STATEMENTS.newest, window(patientId, from, to, classes));
      return row ? Number(row.ms) : null;
    },

    /** The readings that count in [from, to], oldest first, at most `limit`. */
    async readings(
      patientId: number,
      from: Date,
      to: Date,
      classes: readonly string[],
      limit: number,
    ): Promise<ReadingRow[]> {
      return (await run(STATEMENTS.readings, [...window(patientId, from, to, classes), limit])).map(
        toReadingRow,
      );
    },

    /**
     * The readings that count in [from, to] in buckets of `bucketMs`, each vital sign's count,
     * lowest, highest and last value (summary numbers), by bucket; from the per-minute summaries
     * when `fromSummaries`, from the readings otherwise.
     */
    async buckets(
      patientId: number,
      from: Date,
      to: Date,
      classes: readonly string[],
      bucketMs: number,
      fromSummaries: boolean,
    ): Promise<BucketRow[]> {
      const layer =
        bucketMs % SUMMARIES.fiveMinutes.widthMs === 0
          ? STATEMENTS.bucketsFromFiveMinutes
          : STATEMENTS.bucketsFromMinutes;
      const rows = fromSummaries
        ? await database.transaction(async (tx) => {
            await tx(STATEMENTS.snapshot, []);
            const [mark] = await tx<{ through_id: number }>(STATEMENTS.watermark, []);
            return tx<Record<string, unknown>>(layer, [
              ...window(patientId, from, to, classes),
              bucketMs,
              mark?.through_id ?? 0,
            ]);
          })
        : await run<Record<string, unknown>>(STATEMENTS.bucketsFromReadings, [
            ...window(patientId, from, to, classes),
            bucketMs,
          ]);
      return rows.map((r) => ({
        bucket: Number(r.bucket),
        vital: r.vital as string,
        count: Number(r.count),
        min: Number(r.min),
        max: Number(r.max),
        last: Number(r.last),
        lastMs: Number(r.last_ms),
        provenance: r.provenance as string,
      }));
    },
  };
}

export type TimeseriesRepository = ReturnType<typeof createTimeseriesRepository>;
