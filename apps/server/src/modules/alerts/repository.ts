import { createHash } from 'node:crypto';
import {
  type AlertSettings,
  type AlertsQuery,
  escalationChainOf,
  OUTREACH_CONDITIONS,
  type StoredNews2,
  VITAL_SIGNS,
  type VitalState,
  type WardScope,
} from '@vigil/domain';
import { and, desc, eq, getTableColumns, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { columnList, type Run, rowMapper, statement } from '../../db/prepared.ts';
import { people, usernameOf } from '../auth/reader.ts';
import { PATIENTS, patientMsBetween, patientsOnWards, VITAL_COLUMNS } from '../patients/reader.ts';
import { alertSettings, alerts } from './schema.ts';

export type AlertRow = typeof alerts.$inferSelect;
/** An alert as it is read: its row and the name of who acknowledged it. */
export type AlertView = AlertRow & { acknowledgedByName: string | null };
export type NewAlert = Omit<typeof alerts.$inferInsert, 'id'>;
/** The columns a transition may change. */
export type AlertPatch = Partial<
  Omit<AlertRow, 'id' | 'patientId' | 'kind' | 'condition' | 'subject' | 'raisedAt'>
>;

const toRow = rowMapper(alerts);
/** Who acknowledged an alert. */
const acknowledger = people('acknowledger');
const COLUMNS = columnList(alerts, 'a');
/** Each statement answers alerts with who acknowledged them, by name. */
const VIEW = `${COLUMNS}, ${usernameOf('a.acknowledged_by')} as acknowledged_by_name`;
const toView = (raw: Record<string, unknown>): AlertView => ({
  ...toRow(raw),
  acknowledgedByName: (raw.acknowledged_by_name as string | null) ?? null,
});

const OPEN = `a.state <> 'resolved'`;
/** Every column but the id (drawn by its sequence). */
const INSERTED = Object.values(getTableColumns(alerts))
  .filter((c) => c.name !== 'id')
  .map((c) => `"${c.name}"`)
  .join(', ');
const STATEMENTS = {
  openClinical: statement(
    'alerts_open_clinical',
    `select ${VIEW} from alerts a where a.patient_id = $1 and a.kind = 'clinical' and ${OPEN} for update`,
  ),
  openTechnical: statement(
    'alerts_open_technical',
    `select ${VIEW} from alerts a
     where a.patient_id = $1 and a.kind = 'technical' and a.condition = $2 and a.subject = $3 and ${OPEN} for update`,
  ),
  openOfPatient: statement(
    'alerts_open_of_patient',
    `select ${VIEW} from alerts a where a.patient_id = $1 and ${OPEN} order by a.id for update`,
  ),
  /** A new alert, unless one is already open for its condition (another instance raised it): null then. */
  insert: statement(
    'alerts_insert',
    `with ins as (
       insert into alerts (${INSERTED}) select ${INSERTED} from json_populate_record(null::alerts, $1::json)
       on conflict do nothing returning *
     ) select ${VIEW} from ins a`,
  ),
  /** A ward's settings: the row whose id is the ward's (decision 035). */
  settings: statement('alert_settings_of_ward', 'select settings from alert_settings where id = $1'),
  /** The ward a patient lies on: whose deadlines her alerts keep. */
  wardOf: statement('alerts_ward_of_patient', `select p.ward_id from ${PATIENTS} p where p.id = $1`),
  byId: statement('alerts_by_id', `select ${VIEW} from alerts a where a.id = $1 for update`),
  /**
   * Due work, claimed: pending alerts whose confirmation time has come (by the confirmation delay of
   * their patient's ward, $1 the default) and active ones past their deadline that may still
   * escalate. Locked, skipping those another instance holds, so each is handled once; with each,
   * its patient's current NEWS2 and ward.
   */
  claimDue: statement(
    'alerts_claim_due_by_ward',
    `select ${VIEW}, p.news2 as patient_news2, p.ward_id as patient_ward_id
     from alerts a join ${PATIENTS} p on p.id = a.patient_id
       left join alert_settings s on s.id = p.ward_id
     where (a.state = 'pending'
            and a.pending_since <= $2::timestamptz
              - make_interval(secs => coalesce((s.settings->>'confirmDeviceAfterMs')::float8, $1::float8) / 1000))
        or (a.state = 'active' and a.deadline_at <= $2
            and a.escalation_level < (case when a.condition = any($4::text[]) then $5::int else $3::int end))
     order by a.id limit 100
     for update of a skip locked`,
  ),
  /** A patient's NEWS2 and the values it scored, as the clinical alert reads them. */
  scoredPatient: statement(
    'alerts_scored_patient',
    `select p.id, p.news2, ${VITAL_COLUMNS.map((c) => `p.${c}`).join(', ')} from ${PATIENTS} p where p.id = $1`,
  ),
  /** Patients whose observations are overdue and who have no open overdue alert. */
  overduePatients: statement(
    'alerts_overdue_patients',
    `select p.id, p.ward_id, p.next_observation_due from ${PATIENTS} p
     where p.next_observation_due <= $1
       and not exists (select 1 from alerts a where a.patient_id = p.id and a.condition = 'observations-overdue' and ${OPEN})
     order by p.id limit 500`,
  ),
  /** Open overdue alerts whose patient is no longer overdue (observations taken, an exception recorded). */
  overdueEnded: statement(
    'alerts_overdue_ended',
    `select ${VIEW}, p.monitoring_exception is not null as has_exception from alerts a join ${PATIENTS} p on p.id = a.patient_id
     where a.condition = 'observations-overdue' and ${OPEN}
       and (p.next_observation_due is null or p.next_observation_due > $1)
     for update of a skip locked`,
  ),
};

export function createAlertRepository(db: Db) {
  return {
    /** The open clinical alert of a patient, locked for the caller's transaction. */
    async openClinical(run: Run, patientId: number): Promise<AlertView | undefined> {
      const [row] = await run(STATEMENTS.openClinical, [patientId]);
      return row && toView(row);
    },

    async openTechnical(
      run: Run,
      patientId: number,
      condition: string,
      subject: string,
    ): Promise<AlertView | undefined> {
      const [row] = await run(STATEMENTS.openTechnical, [patientId, condition, subject]);
      return row && toView(row);
    },

    /** Every open alert of a patient, locked (a discharge resolves them). */
    async openOfPatient(run: Run, patientId: number): Promise<AlertView[]> {
      return (await run(STATEMENTS.openOfPatient, [patientId])).map(toView);
    },

    /** A patient's NEWS2 and values (by catalogue keys), or undefined. */
    async scoredPatient(run: Run, patientId: number) {
      const [row] = await run<Record<string, unknown>>(STATEMENTS.scoredPatient, [patientId]);
      if (!row) return undefined;
      const vitals = Object.fromEntries(VITAL_SIGNS.map((v, i) => [v.key, row[VITAL_COLUMNS[i]!]]));
      return { id: row.id as number, news2: row.news2 as StoredNews2 | null, ...(vitals as VitalState) };
    },

    async byId(run: Run, id: number): Promise<AlertView | undefined> {
      const [row] = await run(STATEMENTS.byId, [id]);
      return row && toView(row);
    },

    /** Inserts an alert; undefined when one is already open for the same condition. */
    async insert(run: Run, alert: NewAlert): Promise<AlertView | undefined> {
      const [row] = await run(STATEMENTS.insert, [JSON.stringify(toColumns(alert))]);
      return row && toView(row);
    },

    async update(run: Run, id: number, patch: AlertPatch): Promise<AlertView> {
      const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
      const assignments = entries.map(([key], i) => `"${COLUMN_OF[key]}" = $${i + 2}`).join(', ');
      const [row] = await run(
        // Named by the columns it sets (PostgreSQL keeps 63 characters of a name: a digest, not the list).
        statement(
          `alerts_update_${digest(entries.map(([k]) => k).join(','))}`,
          `update alerts a set ${assignments} where a.id = $1 returning ${VIEW}`,
        ),
        // A list is a jsonb column's value (escalated_to_users): sent as JSON, not as a SQL array.
        [
          id,
          ...entries.map(([, v]) =>
            v instanceof Date ? v.toISOString() : Array.isArray(v) ? JSON.stringify(v) : v,
          ),
        ],
      );
      return toView(row!);
    },

    /**
     * Due alerts, claimed: pending ones to confirm, and active ones past their deadline with a step
     * of their chain left (decision 035: NEWS2 ≥ 7 and red scores have one more, the outreach team).
     */
    async claimDue(run: Run, defaultConfirmAfterMs: number, now: Date) {
      const rows = await run(STATEMENTS.claimDue, [
        defaultConfirmAfterMs,
        now.toISOString(),
        escalationChainOf('news2-low').length,
        `{${OUTREACH_CONDITIONS.join(',')}}`,
        escalationChainOf('news2-emergency').length,
      ]);
      return rows.map((raw) => ({
        alert: toView(raw),
        patientNews2: raw.patient_news2 as AlertPatientNews2,
        wardId: raw.patient_ward_id as number,
      }));
    },

    async overduePatients(run: Run, now: Date): Promise<{ id: number; wardId: number; dueAt: Date }[]> {
      const rows = await run<{ id: number; ward_id: number; next_observation_due: string | Date }>(
        STATEMENTS.overduePatients,
        [now.toISOString()],
      );
      return rows.map((r) => ({ id: r.id, wardId: r.ward_id, dueAt: new Date(r.next_observation_due) }));
    },

    async overdueEnded(run: Run, now: Date): Promise<{ alert: AlertView; hasException: boolean }[]> {
      const rows = await run(STATEMENTS.overdueEnded, [now.toISOString()]);
      return rows.map((raw) => ({ alert: toView(raw), hasException: raw.has_exception === true }));
    },

    /** Alerts for the alerts page and the bar, of the wards a scope sees: newest first. */
    async list(query: AlertsQuery, scope: WardScope | null = null): Promise<AlertView[]> {
      const state =
        query.state === 'all'
          ? undefined
          : query.state === 'open'
            ? ne(alerts.state, 'resolved')
            : eq(alerts.state, query.state);
      const rows = await db
        .select({ alert: alerts, acknowledgedByName: acknowledger.username })
        .from(alerts)
        .leftJoin(acknowledger, eq(acknowledger.id, alerts.acknowledgedBy))
        .where(
          and(
            state,
            query.patientId !== undefined ? eq(alerts.patientId, query.patientId) : undefined,
            query.priority ? eq(alerts.priority, query.priority) : undefined,
            query.kind ? eq(alerts.kind, query.kind) : undefined,
            query.since ? gte(alerts.raisedAt, new Date(query.since)) : undefined,
            scope && !scope.all
              ? scope.wardIds.length > 0
                ? inArray(alerts.patientId, patientsOnWards(scope.wardIds))
                : sql`false`
              : undefined,
          ),
        )
        .orderBy(desc(alerts.raisedAt), desc(alerts.id))
        .limit(query.limit);
      return rows.map((r) => ({ ...r.alert, acknowledgedByName: r.acknowledgedByName }));
    },

    /** Alarm-fatigue figures over [from, to): confirmed alerts only (pending ones that never stood are noise kept out). */
    async stats(from: Date, to: Date): Promise<StatsRow> {
      const result = await db.execute(sql`
        with w as (
          select * from ${alerts}
          where raised_at >= ${from.toISOString()}::timestamptz and raised_at < ${to.toISOString()}::timestamptz
            and confirmed_at is not null
        )
        select
          (select count(*)::int from w) as alerts,
          (select count(*)::int from w where acknowledged_at is not null) as acknowledged,
          (select count(*)::int from w where acknowledged_at is not null and escalation_level = 0) as within,
          (select count(*)::int from w where escalation_level > 0) as escalated,
          (select percentile_cont(0.5) within group (order by extract(epoch from (acknowledged_at - confirmed_at)) * 1000)
             from w where acknowledged_at is not null)::float8 as median_ms,
          ${patientMsBetween(from, to)}::float8 as patient_ms
      `);
      return (result as unknown as { rows: StatsRow[] }).rows[0]!;
    },

    /** A ward's settings; through `run` inside a caller's transaction (PGlite has one connection). */
    async settings(wardId: number, run?: Run): Promise<AlertSettings | undefined> {
      if (run) {
        const [row] = await run<{ settings: AlertSettings }>(STATEMENTS.settings, [wardId]);
        return row?.settings;
      }
      const [row] = await db.select().from(alertSettings).where(eq(alertSettings.id, wardId));
      return row?.settings;
    },

    /** The ward a patient lies on (undefined: no such patient). */
    async wardOf(run: Run, patientId: number): Promise<number | undefined> {
      const [row] = await run<{ ward_id: number }>(STATEMENTS.wardOf, [patientId]);
      return row?.ward_id;
    },

    async saveSettings(
      run: Run,
      wardId: number,
      settings: AlertSettings,
      userId: number | null,
      now: Date,
    ): Promise<void> {
      await run(
        statement(
          'alert_settings_save_of_ward',
          `insert into alert_settings (id, settings, updated_at, updated_by) values ($1, $2::jsonb, $3, $4)
           on conflict (id) do update set settings = excluded.settings, updated_at = excluded.updated_at,
             updated_by = excluded.updated_by`,
        ),
        [wardId, JSON.stringify(settings), now.toISOString(), userId],
      );
    },

    /** Open alerts of the given patients (their histories on the record). */
    async openFor(patientIds: number[]): Promise<AlertRow[]> {
      if (patientIds.length === 0) return [];
      return db
        .select()
        .from(alerts)
        .where(and(inArray(alerts.patientId, patientIds), ne(alerts.state, 'resolved')));
    },
  };
}

export type AlertRepository = ReturnType<typeof createAlertRepository>;

interface StatsRow {
  alerts: number;
  acknowledged: number;
  within: number;
  escalated: number;
  median_ms: number | null;
  patient_ms: number | null;
}

/** What the tick reads of a patient's NEWS2 (the stored summary). */
export type AlertPatientNews2 = { total: number; redScore: boolean } | null;

/** Property name → column name of every alert column. */
const COLUMN_OF: Record<string, string> = Object.fromEntries(
  Object.entries(getTableColumns(alerts)).map(([key, column]) => [key, column.name]),
);

/** A new alert as a row of column names (json_populate_record reads column names). */
function toColumns(alert: NewAlert): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(alert)) {
    out[COLUMN_OF[key]!] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
