import { and, asc, gt, gte, inArray, lt, lte, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { epochMs, type Prelude, type Run, type Statement, statement } from '../../db/prepared.ts';
import { wardOfPatient } from '../patients/reader.ts';
import { liveEvents } from './schema.ts';

export type LiveEventRow = typeof liveEvents.$inferSelect;
/**
 * An event to record. Its ward (which streams may carry it, decision 035) is `wardId` when given,
 * else its patient's ward as the statement reads it, else none (an event for every stream).
 */
export type NewLiveEvent = { type: string; patientId: number | null; data: unknown; wardId?: number | null };

/** The channel the NOTIFYs of new ids go on and every instance LISTENs to. */
export const EVENTS_CHANNEL = 'vigil_events';

/** NOTIFY payloads are limited to 8000 bytes: ids go in chunks that fit. */
const IDS_PER_NOTIFY = 500;

/** Sends ids to the other instances; outside any transaction, without waiting for a WAL flush. */
const NOTIFY = statement(
  'live_events_notify',
  `select set_config('synchronous_commit', 'off', true), pg_notify('${EVENTS_CHANNEL}', $1)`,
);

/**
 * Records the events of the JSON parameter $1 in one statement. Ids come from the sequence in the
 * order the rows are inserted, which is the order of the JSON array, so the i-th smallest id
 * belongs to the i-th event. `prelude`, a caller's WITH clause (its parameters from $2), runs in
 * the same statement: a change and its events in one round trip.
 */
function insertEvents(name: string, prelude = ''): Statement {
  return statement(
    name,
    `${prelude}
     insert into live_events (type, patient_id, ward_id, data)
     select x.type, x.patient_id,
       coalesce(x.ward_id, (${wardOfPatient('x.patient_id')})), x.data
     from json_to_recordset($1::json) as x(type text, patient_id int, ward_id int, data jsonb)
     returning id, ward_id, ${epochMs('created_at')} as created_ms`,
  );
}
const INSERT_EVENTS = insertEvents('live_events_insert');
/** The insert joined to each caller's change, by the change's name: built once, prepared once. */
const INSERT_AFTER = new Map<string, Statement>();

function insertAfter(change: Prelude): Statement {
  let st = INSERT_AFTER.get(change.name);
  if (!st) {
    st = insertEvents(change.name, change.text);
    INSERT_AFTER.set(change.name, st);
  }
  return st;
}

/**
 * The live event log (`live_events`): every change screens must see, written in the transaction of
 * the change itself, kept for replay to clients that reconnect (decision 005).
 */
export function createEventLogRepository(database: Pick<Database, 'db' | 'run'>) {
  const { db } = database;
  return {
    /**
     * Records events in the caller's transaction (so they exist exactly when the change does). Only
     * the keys come back: the data is what was sent (reading it back would parse it again).
     * `change`, when given, runs in the same statement before the events. Nothing runs without
     * events.
     */
    async record(run: Run, events: NewLiveEvent[], change?: Prelude): Promise<LiveEventRow[]> {
      if (events.length === 0) return [];
      const json = JSON.stringify(
        events.map((e) => ({
          type: e.type,
          patient_id: e.patientId,
          ward_id: e.wardId ?? null,
          data: e.data,
        })),
      );
      const keys = await run<{ id: number | string; ward_id: number | null; created_ms: number }>(
        change ? insertAfter(change) : INSERT_EVENTS,
        change ? [json, ...change.params] : [json],
      );
      const sorted = keys.map((k) => ({ id: Number(k.id), wardId: k.ward_id })).sort((a, b) => a.id - b.id);
      const createdAt = new Date(Number(keys[0]!.created_ms));
      return events.map((e, i) => ({
        type: e.type,
        patientId: e.patientId,
        data: e.data,
        id: sorted[i]!.id,
        wardId: sorted[i]!.wardId,
        createdAt,
      }));
    },

    /** The events of these ids (another instance's, announced by NOTIFY). */
    byIds: (ids: number[]): Promise<LiveEventRow[]> =>
      db.select().from(liveEvents).where(inArray(liveEvents.id, ids)),

    /** Events after `afterId`, oldest first (a client reconnecting with Last-Event-ID). */
    after: (afterId: number, limit: number): Promise<LiveEventRow[]> =>
      db.select().from(liveEvents).where(gt(liveEvents.id, afterId)).orderBy(asc(liveEvents.id)).limit(limit),

    /**
     * Events after `afterId` up to `upTo`, oldest first: what a client reconnecting with
     * Last-Event-ID missed, up to where the stream it opens takes over (decision 032).
     */
    between: (afterId: number, upTo: number, limit: number): Promise<LiveEventRow[]> =>
      db
        .select()
        .from(liveEvents)
        .where(and(gt(liveEvents.id, afterId), lte(liveEvents.id, upTo)))
        .orderBy(asc(liveEvents.id))
        .limit(limit),

    /** The newest committed event's id (0 when there is none): where a starting instance begins. */
    async newestId(): Promise<number> {
      const [row] = await db.select({ id: max(liveEvents.id) }).from(liveEvents);
      return Number(row?.id ?? 0);
    },

    /**
     * The transactions now writing live events: each holds the table's RowExclusiveLock from before
     * it draws an id until it ends, so once none of those seen after a gap appeared is left, every id
     * of the gap is committed or never will be (decision 032). Keys are virtual transaction ids.
     */
    async writers(): Promise<string[]> {
      const result = await db.execute(
        sql`select virtualtransaction as vxid from pg_locks
            where locktype = 'relation' and relation = 'live_events'::regclass
              and mode = 'RowExclusiveLock' and pid <> pg_backend_pid()`,
      );
      return (result as unknown as { rows: { vxid: string }[] }).rows.map((r) => r.vxid);
    },

    /** Events created at or after `from`, oldest first (catching up after a lost LISTEN). */
    since: (from: Date, limit: number): Promise<LiveEventRow[]> =>
      db
        .select()
        .from(liveEvents)
        .where(gte(liveEvents.createdAt, from))
        .orderBy(asc(liveEvents.id))
        .limit(limit),

    async prune(before: Date): Promise<void> {
      await db.delete(liveEvents).where(lt(liveEvents.createdAt, before));
    },

    /**
     * PostgreSQL: tells the other instances these ids were committed, in statements of their own
     * (a NOTIFY inside the writing transaction would serialise every commit on the notification
     * queue lock).
     */
    async notify(ids: number[]): Promise<void> {
      const sent: Promise<unknown>[] = [];
      for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) {
        sent.push(database.run(NOTIFY, [ids.slice(i, i + IDS_PER_NOTIFY).join(',')]));
      }
      const failed = (await Promise.allSettled(sent)).find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}

export type EventLogRepository = ReturnType<typeof createEventLogRepository>;
