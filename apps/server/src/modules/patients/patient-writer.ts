import { createHash } from 'node:crypto';
import type { PatientDevice } from '@vigil/domain';
import { VITAL_KEYS } from '@vigil/domain';
import { getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { columnList, type Prelude, type Run, rowMapper, statement } from '../../db/prepared.ts';
import { patientEvents, patients } from './schema.ts';

// The one writer of a patient's clinical state (issue 39): every write to the `patients` table is a
// change applied by `apply`, in its caller's transaction (`run`). A change is one of the kinds below
// (observations, an admission, an edit — details, condition, SpO2 scale, a monitoring exception —, a
// discharge, a transfer, a device link made or ended, the start's backfill); `apply` is the only
// function that writes the table, and every caller uses it. No other module of apps/server/src
// updates, inserts into or deletes from `patients` (apps/server/test/table-owners.test.ts fails
// naming any that does). What a change computes (values, sources, NEWS2, the schedule) is
// clinical-state.ts's; this module only stores it. Other modules' repositories and services may
// import it (biome.json), since it is the only way to change the table.

type PatientRow = typeof patients.$inferSelect;
type PatientInsert = typeof patients.$inferInsert;
/** The fields an edit may set: anything but the id and when the record was created. */
export type PatientPatch = Partial<Omit<PatientInsert, 'id' | 'createdAt'>>;

/** An entry of the patient's timeline (`patient_events`), as another module records it. */
export type PatientEventInsert = typeof patientEvents.$inferInsert;

/** A change of a patient's stored state that `apply` writes and answers with the row as it becomes. */
export type PatientChange =
  /** An admission: the new patient's row. */
  | { kind: 'admission'; values: PatientInsert }
  /** An edit of the record (details, condition, SpO2 scale, a monitoring exception …). */
  | { kind: 'edit'; patientId: number; patch: PatientPatch }
  /** A discharge: the patient has left at `at`, and no schedule remains (nothing falls overdue). */
  | { kind: 'discharge'; patientId: number; at: Date }
  /** A transfer: the patient's ward becomes `wardId`. */
  | { kind: 'transfer'; patientId: number; wardId: number }
  /** The patient's devices as they become (a link made or ended). */
  | { kind: 'devices'; patientId: number; devices: PatientDevice[] }
  /**
   * The state worked out at start for a record stored before NEWS2 was kept (db/backfill.ts): set
   * only while the row still has none, so a second server's backfill changes nothing.
   */
  | { kind: 'backfill'; patientId: number; state: PatientPatch };

/**
 * Observations applied (an ingest, a correction): the locked patients as they become (`rows`). Their
 * update runs as the prelude of the statement that records their live events (`recordWith`), so the
 * two take one round trip (decision 007), one statement whatever the batch's size.
 */
export interface ObservationsChange<T> {
  kind: 'observations';
  rows: readonly PatientRow[];
  recordWith: (prelude: Prelude) => Promise<T>;
}

const COLUMNS = getTableColumns(patients);
type Column = (typeof COLUMNS)[keyof typeof COLUMNS];
const RETURNING = `returning ${columnList(patients)}`;
const toPatientRow = rowMapper(patients);

/** The set fields of `values`, each with its column and its value as the driver takes it. */
function fieldsOf(values: Record<string, unknown>) {
  return Object.entries(values)
    .filter(([key, value]) => value !== undefined && key in COLUMNS)
    .map(([key, value]) => {
      const column = COLUMNS[key as keyof typeof COLUMNS] as Column;
      return {
        key,
        name: `"${column.name}"`,
        cast: column.getSQLType(),
        value: value === null ? null : column.mapToDriverValue(value as never),
      };
    });
}

/** `"a" = $2::type, "b" = $3::type …`, numbered from `from`, and their parameters in order. */
function assignments(patch: Record<string, unknown>, from: number) {
  const fields = fieldsOf(patch);
  return {
    keys: fields.map((f) => f.key).join(','),
    text: fields.map((f, i) => `${f.name} = $${from + i}::${f.cast}`).join(', '),
    params: fields.map((f) => f.value),
  };
}

// A statement's name is prepared once per connection with its text: a text that depends on which
// fields a change sets is named by those fields, so one name always means one text. The fields are
// hashed into the name: PostgreSQL cuts a name at 63 bytes, and an admission sets some thirty fields.
const nameFor = (kind: string, keys: string) =>
  `patients_${kind}_${createHash('sha256').update(keys).digest('hex').slice(0, 16)}`;
const DISCHARGE = statement(
  'patients_discharge',
  `update patients set discharged_at = $2::timestamptz, next_observation_due = null where id = $1 ${RETURNING}`,
);
const TRANSFER = statement(
  'patients_transfer',
  `update patients set ward_id = $2::int where id = $1 ${RETURNING}`,
);
const SET_DEVICES = statement(
  'patients_set_devices',
  `update patients set devices = $2::jsonb where id = $1 ${RETURNING}`,
);

/** The statement and parameters that write `change`. */
function writeOf(change: PatientChange): { st: ReturnType<typeof statement>; params: unknown[] } {
  switch (change.kind) {
    case 'admission': {
      const fields = fieldsOf(change.values);
      const text = `insert into patients (${fields.map((f) => f.name).join(', ')}) values (${fields
        .map((f, i) => `$${i + 1}::${f.cast}`)
        .join(', ')}) ${RETURNING}`;
      return {
        st: statement(nameFor('admit', fields.map((f) => f.key).join(',')), text),
        params: fields.map((f) => f.value),
      };
    }
    case 'edit':
    case 'backfill': {
      const patch = change.kind === 'edit' ? change.patch : change.state;
      const set = assignments(patch, 2);
      // A backfill sets only a row that still has no NEWS2.
      const only = change.kind === 'backfill' ? ' and news2 is null' : '';
      const text = `update patients set ${set.text} where id = $1${only} ${RETURNING}`;
      return {
        st: statement(nameFor(change.kind, set.keys), text),
        params: [change.patientId, ...set.params],
      };
    }
    case 'discharge':
      return { st: DISCHARGE, params: [change.patientId, change.at.toISOString()] };
    case 'transfer':
      return { st: TRANSFER, params: [change.patientId, change.wardId] };
    case 'devices':
      return { st: SET_DEVICES, params: [change.patientId, JSON.stringify(change.devices)] };
  }
}

/**
 * The patient fields observations set: the vital signs a reading carries, when, their sources, NEWS2
 * and the next observations due (the alert timers read that column: observations taken end an
 * overdue alert).
 */
const OBSERVED = Object.entries(COLUMNS).filter(([key]) =>
  (
    [...VITAL_KEYS, 'lastUpdated', 'sources', 'news2', 'news2Total', 'nextObservationDue'] as string[]
  ).includes(key),
);

/** The WITH clause that sets the patients' new vital signs ($2: the rows as they become, in JSON). */
const OBSERVATIONS = {
  name: 'ingest_apply_vitals_with_events',
  text: `with updated as (
     update patients p set ${OBSERVED.map(([key, c]) => `"${c.name}" = v."${key}"`).join(', ')}
     from json_to_recordset($2::json) as v(id int, ${OBSERVED.map(([key, c]) => `"${key}" ${c.getSQLType()}`).join(', ')})
     where p.id = v.id
   )`,
};

/**
 * Applies a change of a patient's stored state in the caller's transaction (`run`): the one way the
 * `patients` table is written. Answers the row as it becomes (undefined: no such patient, or a
 * backfill that found the row already done); observations answer what their `recordWith` does.
 */
export function apply<T>(run: Run, change: ObservationsChange<T>): Promise<T>;
export function apply(run: Run, change: PatientChange): Promise<PatientRow | undefined>;
export async function apply<T>(
  run: Run,
  change: PatientChange | ObservationsChange<T>,
): Promise<PatientRow | undefined | T> {
  if (change.kind === 'observations')
    return change.recordWith({ ...OBSERVATIONS, params: [JSON.stringify(change.rows)] });
  const { st, params } = writeOf(change);
  const [row] = await run(st, params);
  return row && toPatientRow(row);
}

/**
 * An entry of the patient's timeline recorded by another module in its own transaction (a
 * medication changed or removed, a transfer): the timeline is this module's table.
 */
export async function recordEvent(tx: Pick<Db, 'insert'>, event: PatientEventInsert): Promise<void> {
  await tx.insert(patientEvents).values(event);
}
