import type { Database } from '../../db/client.ts';
import type { Run } from '../../db/prepared.ts';
import { statement } from '../../db/prepared.ts';
import { readingsNamedByAlerts } from '../alerts/reader.ts';
import { FIVE_MINUTES_OF, measurementRows, SUMMARISED } from './timeseries-repository.ts';

// The storage of readings kept bounded (decision 029): raw stream readings summarised per minute
// as they arrive, day partitions made ahead of time, and the days past retention dropped whole.

/** The stream partition (not kept: raw device, wearable, simulation and demo data) and its days. */
const STREAM = 'vital_readings_stream';
const DAY_PARTITION = /^vital_readings_stream_p(\d{4})(\d{2})(\d{2})$/;
const DAY_MS = 86_400_000;
/** Arbitrary constant key: one retention run at a time across instances. */
const RETENTION_LOCK_KEY = 7_314_160;

/** The name of the partition of the day starting at `dayMs` (UTC midnight). */
export function dayPartitionName(dayMs: number): string {
  return `${STREAM}_p${new Date(dayMs).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** The day a partition holds (UTC midnight, ms), from its name; null for another table. */
export function dayOfPartition(name: string): number | null {
  const match = DAY_PARTITION.exec(name);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/** A statement run once in a while (DDL, a day's name in it): not prepared under a name. */
const adhoc = (text: string) => statement('', text);

/** What a summary row already stored becomes when more of its period's readings arrive. */
const MERGE = `do update set
       count = m.count + excluded.count,
       min = least(m.min, excluded.min),
       max = greatest(m.max, excluded.max),
       sum = m.sum + excluded.sum,
       last = case when excluded.last_at >= m.last_at then excluded.last else m.last end,
       last_at = greatest(m.last_at, excluded.last_at)`;

const STATEMENTS = {
  claimRollup: statement(
    'rollup_claim',
    'select through_id, seen_id from reading_rollup where id = 1 for update skip locked',
  ),
  /**
   * Stream readings with ids in ($1, $2] merged into their minutes and their five minutes (a late
   * reading joins its period), in one statement: both layers always hold the same readings.
   */
  summarise: statement(
    'rollup_summarise',
    `with chunk as (
       select r.patient_id, date_trunc('minute', r.reading_time) as period, v.vital, r.provenance,
         count(*)::int as count, min(v.value) as min, max(v.value) as max, sum(v.value) as sum,
         (array_agg(v.value order by r.reading_time desc, r.id desc))[1] as last, max(r.reading_time) as last_at
       from vital_readings r cross join lateral ${measurementRows(SUMMARISED)}
       where not r.kept and r.id > $1 and r.id <= $2 and v.value is not null
       group by 1, 2, 3, 4
     ), minutes as (
       insert into vital_minutes as m (patient_id, minute, vital, provenance, count, min, max, sum, last, last_at)
       select * from chunk
       on conflict (patient_id, minute, vital, provenance) ${MERGE}
     )
     insert into vital_five_minutes as m (patient_id, period, vital, provenance, count, min, max, sum, last, last_at)
     select patient_id, ${FIVE_MINUTES_OF('period')}, vital, provenance, sum(count)::int, min(min), max(max),
       sum(sum), (array_agg(last order by last_at desc))[1], max(last_at)
     from chunk group by 1, 2, 3, 4
     on conflict (patient_id, period, vital, provenance) ${MERGE}`,
  ),
  advanceThrough: statement(
    'rollup_advance_through',
    'update reading_rollup set through_id = $1, updated_at = now() where id = 1',
  ),
  /** The newest id drawn so far: what the next run may summarise. */
  advanceSeen: statement(
    'rollup_advance_seen',
    `update reading_rollup set seen_id = (
       select case when is_called then last_value else last_value - 1 end from vital_readings_id_seq
     ), updated_at = now() where id = 1 returning seen_id`,
  ),
  throughId: statement('rollup_through', 'select through_id from reading_rollup where id = 1'),
  lockRetention: statement('retention_lock', 'select pg_try_advisory_xact_lock($1) as locked'),
  streamPartitions: statement(
    'retention_stream_partitions',
    `select c.relname as name from pg_inherits i
     join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
     where p.relname = '${STREAM}'`,
  ),
  /**
   * Device readings past retention that an alert names (the reading that raised it, ended its
   * condition or resolved it) move to the kept partition: kept for the record's life.
   */
  pin: adhoc(
    `update vital_readings set kept = true
     where not kept and reading_time < $1 and id in (
       ${readingsNamedByAlerts})`,
  ),
  deleteFromDefault: adhoc('delete from vital_readings_stream_default where reading_time < $1 and id <= $2'),
};

export interface RetentionResult {
  /** False when another instance was running it. */
  ran: boolean;
  droppedPartitions: string[];
  /** Raw readings removed: in the partitions dropped and deleted from the default partition. */
  removedReadings: number;
  /** Readings past retention kept because an alert names them. */
  pinnedReadings: number;
  /** Readings past retention not removed yet because they are not summarised yet (the next run). */
  deferredPartitions: string[];
}

export function createRetentionRepository(database: Pick<Database, 'transaction' | 'run'>) {
  /** Creates the stream partition of one day, moving any of its readings out of the default partition. */
  async function createDay(run: Run, dayMs: number) {
    const name = dayPartitionName(dayMs);
    const from = new Date(dayMs).toISOString();
    const to = new Date(dayMs + DAY_MS).toISOString();
    // Readings wait while the day is made: one routed to the default partition by the partitions as
    // they were, and checked against them as they have become, would be refused.
    await run(adhoc('lock table vital_readings in share row exclusive mode'), []);
    await run(adhoc(`create table "${name}" (like ${STREAM} including defaults including constraints)`), []);
    await run(
      adhoc(`with moved as (
           delete from vital_readings_stream_default where reading_time >= '${from}' and reading_time < '${to}' returning *
         ) insert into "${name}" select * from moved`),
      [],
    );
    await run(
      adhoc(`alter table ${STREAM} attach partition "${name}" for values from ('${from}') to ('${to}')`),
      [],
    );
  }

  return {
    /**
     * Summarises the stream readings with ids after what is summarised, up to what the previous run
     * saw, `chunk` ids per transaction; then notes the newest id drawn, for the next run (a reading
     * whose transaction is still open now has committed by then). Claimed once across instances;
     * null when another instance holds it.
     */
    async rollup(chunk: number): Promise<{ summarisedThrough: number; readings: number } | null> {
      let through = 0;
      let processed = 0;
      for (;;) {
        const step = await database.transaction(async (run) => {
          const [row] = await run<{ through_id: number; seen_id: number }>(STATEMENTS.claimRollup, []);
          if (!row) return null;
          if (row.through_id >= row.seen_id) {
            await run(STATEMENTS.advanceSeen, []);
            return { through: row.through_id, done: true, count: 0 };
          }
          const upTo = Math.min(row.seen_id, row.through_id + chunk);
          await run(STATEMENTS.summarise, [row.through_id, upTo]);
          await run(STATEMENTS.advanceThrough, [upTo]);
          return { through: upTo, done: false, count: upTo - row.through_id };
        });
        if (!step) return processed === 0 ? null : { summarisedThrough: through, readings: processed };
        through = step.through;
        processed += step.count;
        if (step.done) return { summarisedThrough: through, readings: processed };
      }
    },

    /** Stream readings with an id up to this are in the per-minute summaries. */
    async summarisedThrough(): Promise<number> {
      const [row] = await database.run<{ through_id: number }>(STATEMENTS.throughId, []);
      return row?.through_id ?? 0;
    },

    /** Makes the day partitions of the days in [firstDayMs, lastDayMs] that are missing. */
    async ensureDays(firstDayMs: number, lastDayMs: number): Promise<string[]> {
      const made: string[] = [];
      await database.transaction(async (run) => {
        const [lock] = await run<{ locked: boolean }>(STATEMENTS.lockRetention, [RETENTION_LOCK_KEY]);
        if (!lock?.locked) return;
        const existing = new Set(
          (await run<{ name: string }>(STATEMENTS.streamPartitions, [])).map((r) => r.name),
        );
        for (let day = firstDayMs; day <= lastDayMs; day += DAY_MS) {
          if (existing.has(dayPartitionName(day))) continue;
          await createDay(run, day);
          made.push(dayPartitionName(day));
        }
      });
      return made;
    },

    /**
     * Removes raw stream readings older than `cutoff` that are summarised: day partitions wholly
     * before it are dropped, older readings in the default partition deleted. Readings an alert
     * names are first moved to the kept partition. One run at a time across instances, in one
     * transaction (all of it or nothing).
     */
    async removeBefore(cutoff: Date, summarisedThrough: number): Promise<RetentionResult> {
      const result: RetentionResult = {
        ran: false,
        droppedPartitions: [],
        removedReadings: 0,
        pinnedReadings: 0,
        deferredPartitions: [],
      };
      await database.transaction(async (run) => {
        const [lock] = await run<{ locked: boolean }>(STATEMENTS.lockRetention, [RETENTION_LOCK_KEY]);
        if (!lock?.locked) return;
        result.ran = true;
        const pinned = await run(
          adhoc(`with p as (${STATEMENTS.pin.text} returning 1) select count(*)::int as n from p`),
          [cutoff.toISOString()],
        );
        result.pinnedReadings = Number((pinned[0] as { n: number } | undefined)?.n ?? 0);
        const partitions = (await run<{ name: string }>(STATEMENTS.streamPartitions, [])).map((r) => r.name);
        for (const name of partitions.sort()) {
          const day = dayOfPartition(name);
          if (day === null || day + DAY_MS > cutoff.getTime()) continue;
          const [stats] = await run<{ n: number; unsummarised: boolean }>(
            adhoc(`select count(*)::int as n, coalesce(max(id) > $1, false) as unsummarised from "${name}"`),
            [summarisedThrough],
          );
          if (stats?.unsummarised) {
            result.deferredPartitions.push(name);
            continue;
          }
          await run(adhoc(`drop table "${name}"`), []);
          result.droppedPartitions.push(name);
          result.removedReadings += Number(stats?.n ?? 0);
        }
        const deleted = await run(
          adhoc(
            `with d as (${STATEMENTS.deleteFromDefault.text} returning 1) select count(*)::int as n from d`,
          ),
          [cutoff.toISOString(), summarisedThrough],
        );
        result.removedReadings += Number((deleted[0] as { n: number } | undefined)?.n ?? 0);
      });
      return result;
    },
  };
}

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
