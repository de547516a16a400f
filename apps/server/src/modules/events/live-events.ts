import { patientAlertLevel, patientNews2 } from '@vigil/domain';
import { asc, gt, gte, inArray, lt } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { epochMs, type Run, type Statement, statement } from '../../db/prepared.ts';
import { liveEvents, type patients } from '../../db/schema.ts';
import { toPatient } from '../patients/mappers.ts';

type PatientRow = typeof patients.$inferSelect;

export type LiveEventRow = typeof liveEvents.$inferSelect;
export type NewLiveEvent = { type: string; patientId: number | null; data: unknown };
type Listener = (events: LiveEventRow[]) => void;

const CHANNEL = 'vigil_events';
/**
 * At most one NOTIFY per this interval: ids committed meanwhile share the next one. An id committed
 * after a quiet spell is sent at once (after the current tick, with whatever commits in it).
 */
const NOTIFY_INTERVAL_MS = 10;
/** Sends ids to the other instances; outside any transaction, without waiting for a WAL flush. */
const NOTIFY = statement(
  'live_events_notify',
  `select set_config('synchronous_commit', 'off', true), pg_notify('${CHANNEL}', $1)`,
);

/** Events for a changed patient record: the new record, and the alert level when it moved. */
export function patientChangeEvents(before: PatientRow, after: PatientRow): NewLiveEvent[] {
  const patient = toPatient(after);
  const events: NewLiveEvent[] = [{ type: 'patient-updated', patientId: after.id, data: patient }];
  const from = patientAlertLevel(toPatient(before));
  const to = patientAlertLevel(patient);
  if (from !== to) {
    events.push({
      type: 'alert-level-changed',
      patientId: after.id,
      data: { from, to, news2Total: patientNews2(patient).total },
    });
  }
  return events;
}
/**
 * Records the events of the JSON parameter $1 in one statement. Ids come from the sequence in the
 * order the rows are inserted, which is the order of the JSON array, so the i-th smallest id
 * belongs to the i-th event. `prelude`, a caller's WITH clause (its parameters from $2), runs in
 * the same statement: a change and its events in one round trip.
 */
export function eventsStatement(name: string, prelude = ''): Statement {
  return statement(
    name,
    `${prelude}
     insert into live_events (type, patient_id, data)
     select x.type, x.patient_id, x.data from json_to_recordset($1::json) as x(type text, patient_id int, data jsonb)
     returning id, ${epochMs('created_at')} as created_ms`,
  );
}
const INSERT_EVENTS = eventsStatement('live_events_insert');

/** Events are kept this long for clients that reconnect with Last-Event-ID. */
export const EVENT_RETENTION_MS = 24 * 3_600_000;
const MAX_REPLAY = 1000;
/** Ids already dispatched are remembered this many at a time (dedupe of notify + catch-up). */
const DISPATCHED_MEMORY = 20_000;
/** After a lost LISTEN connection, events this far before the loss are re-read. */
const CATCH_UP_MARGIN_MS = 10_000;

/**
 * The live event log and its fan-out. Writers record events inside their own transaction; readers
 * subscribe. Committed events go to this instance's listeners at once. On PostgreSQL the new ids are
 * also NOTIFYed, and every other instance reads those rows back: ids, not payloads, cross the wire.
 * Ids are dispatched by set membership, not "greater than the last", because transactions can
 * commit out of id order.
 */
export function createLiveEvents(database: Database, options: { onError?: (error: unknown) => void } = {}) {
  const { db } = database;
  const listeners = new Set<Listener>();
  const dispatched = new Set<number>();
  const dispatchedOrder: number[] = [];
  let stopped = false;
  let listenClient: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let lostAt: Date | null = null;

  // NOTIFY takes a database-wide lock at commit: one NOTIFY per ingest would serialise every
  // request on it. Ids committed close together share one NOTIFY, and that transaction does not
  // wait for its WAL flush (a notification is not durable anyway; the event row is).
  let pendingNotify: number[] = [];
  let notifyTimer: NodeJS.Timeout | null = null;
  let lastNotifyAt = 0;
  function flushNotify() {
    notifyTimer = null;
    lastNotifyAt = performance.now();
    const ids = pendingNotify;
    pendingNotify = [];
    // NOTIFY payloads are limited to 8000 bytes: send ids in chunks that fit.
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500).join(',');
      database.run(NOTIFY, [chunk]).catch((error) => options.onError?.(error)); // clients of other instances get them on reconnect (Last-Event-ID)
    }
  }

  function dispatch(rows: LiveEventRow[]) {
    const fresh = rows.filter((r) => !dispatched.has(r.id)).sort((a, b) => a.id - b.id);
    if (fresh.length === 0) return;
    for (const r of fresh) {
      dispatched.add(r.id);
      dispatchedOrder.push(r.id);
    }
    while (dispatchedOrder.length > DISPATCHED_MEMORY) dispatched.delete(dispatchedOrder.shift()!);
    for (const listener of listeners) listener(fresh);
  }

  async function onNotification(payload: string | undefined) {
    // This instance's own events were dispatched at commit: only other instances' are read back.
    const ids = (payload ?? '')
      .split(',')
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && !dispatched.has(id));
    if (ids.length === 0) return;
    try {
      dispatch(await db.select().from(liveEvents).where(inArray(liveEvents.id, ids)));
    } catch (error) {
      options.onError?.(error);
    }
  }

  async function listen() {
    if (!database.connectionString || stopped) return;
    const client = new pg.Client({ connectionString: database.connectionString });
    const retry = () => {
      if (stopped || reconnectTimer) return;
      lostAt ??= new Date();
      listenClient = null;
      client.end().catch(() => {});
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        void listen();
      }, 1000);
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (msg) => void onNotification(msg.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      listenClient = client;
      if (lostAt) {
        // Whatever committed while we were not listening.
        const since = new Date(lostAt.getTime() - CATCH_UP_MARGIN_MS);
        lostAt = null;
        dispatch(
          await db
            .select()
            .from(liveEvents)
            .where(gte(liveEvents.createdAt, since))
            .orderBy(asc(liveEvents.id))
            .limit(5000),
        );
      }
    } catch (error) {
      options.onError?.(error);
      retry();
    }
  }

  return {
    async start() {
      await listen();
    },

    async stop() {
      stopped = true;
      if (notifyTimer) {
        clearTimeout(notifyTimer);
        flushNotify();
      }
      if (reconnectTimer) clearTimeout(reconnectTimer);
      listeners.clear();
      await listenClient?.end().catch(() => {});
      listenClient = null;
    },

    /**
     * Records events in the caller's transaction (so they exist exactly when the change does). Only
     * the keys come back: the data is what was sent (reading it back would parse it again).
     * `statement` (from {@link eventsStatement}) with its `params` ($2 …) when the events share a
     * statement with their change. Nothing runs without events.
     */
    async record(
      run: Run,
      events: NewLiveEvent[],
      statement: Statement = INSERT_EVENTS,
      params: unknown[] = [],
    ): Promise<LiveEventRow[]> {
      if (events.length === 0) return [];
      const keys = await run<{ id: number | string; created_ms: number }>(statement, [
        JSON.stringify(events.map((e) => ({ type: e.type, patient_id: e.patientId, data: e.data }))),
        ...params,
      ]);
      const ids = keys.map((k) => Number(k.id)).sort((a, b) => a - b);
      const createdAt = new Date(Number(keys[0]!.created_ms));
      return events.map((e, i) => ({ ...e, id: ids[i]!, createdAt }));
    },

    /**
     * Call once the recording transaction has committed: the events go to this instance's listeners
     * at once. PostgreSQL: NOTIFY the ids to the other instances in a statement of its own; a NOTIFY
     * inside the writing transaction would serialise every commit on the notification queue lock.
     */
    committed(rows: LiveEventRow[]) {
      if (rows.length === 0) return;
      dispatch(rows);
      if (database.driver === 'pglite') return;
      for (const row of rows) pendingNotify.push(row.id);
      notifyTimer ??= setTimeout(
        flushNotify,
        Math.max(0, lastNotifyAt + NOTIFY_INTERVAL_MS - performance.now()),
      );
    },

    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** Events after `afterId`, oldest first, for a client reconnecting with Last-Event-ID. */
    replayAfter(afterId: number): Promise<LiveEventRow[]> {
      return db
        .select()
        .from(liveEvents)
        .where(gt(liveEvents.id, afterId))
        .orderBy(asc(liveEvents.id))
        .limit(MAX_REPLAY);
    },

    async prune(now: Date) {
      await db
        .delete(liveEvents)
        .where(lt(liveEvents.createdAt, new Date(now.getTime() - EVENT_RETENTION_MS)));
    },

    listenerCount: () => listeners.size,
  };
}

export type LiveEvents = ReturnType<typeof createLiveEvents>;
