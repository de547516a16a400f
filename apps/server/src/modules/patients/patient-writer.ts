import type { PatientDevice } from '@vigil/domain';
import { VITAL_KEYS } from '@vigil/domain';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { columnList, type Prelude, type Run, rowMapper, statement } from '../../db/prepared.ts';
import { patientEvents, patients } from '../../db/schema.ts';

// The one writer of a patient's clinical state (issue 39): every write to the `patients` table is
// one of the functions below, one per kind of change, each run in its caller's transaction. No other
// module of apps/server/src updates, inserts into or deletes from `patients`
// (apps/server/test/table-owners.test.ts fails naming any that does). What a change computes (values,
// sources, NEWS2, the schedule) is clinical-state.ts's; this module only stores it. It is the one
// module file besides the repositories that uses Drizzle, and the one other modules' repositories and
// services may import (biome.json), since it is the only way to change the table.

type PatientRow = typeof patients.$inferSelect;
type PatientInsert = typeof patients.$inferInsert;
/** The fields an edit may set: anything but the id and when the record was created. */
export type PatientPatch = Partial<Omit<PatientInsert, 'id' | 'createdAt'>>;

/** An entry of the patient's timeline (`patient_events`), as another module records it. */
export type PatientEventInsert = typeof patientEvents.$inferInsert;

/** A transaction that writes through Drizzle's builders (a Drizzle transaction, or the database). */
type Writes = Pick<Db, 'insert' | 'update'>;

const toPatientRow = rowMapper(patients);

const SET_DEVICES = statement(
  'patients_set_devices',
  `update patients set devices = $2::jsonb where id = $1 returning ${columnList(patients)}`,
);

/**
 * The patient fields an ingest sets: the vital signs a reading carries, when, their sources, NEWS2
 * and the next observations due (the alert timers read that column: observations taken end an
 * overdue alert).
 */
const APPLIED = Object.entries(getTableColumns(patients)).filter(([key]) =>
  (
    [...VITAL_KEYS, 'lastUpdated', 'sources', 'news2', 'news2Total', 'nextObservationDue'] as string[]
  ).includes(key),
);

/** The WITH clause that sets the patients' new vital signs ($2: the rows as they become, in JSON). */
const APPLY_READINGS = {
  name: 'ingest_apply_vitals_with_events',
  text: `with updated as (
     update patients p set ${APPLIED.map(([key, c]) => `"${c.name}" = v."${key}"`).join(', ')}
     from json_to_recordset($2::json) as v(id int, ${APPLIED.map(([key, c]) => `"${key}" ${c.getSQLType()}`).join(', ')})
     where p.id = v.id
   )`,
};

/**
 * Observations applied (an ingest, a correction): the locked patients as they become (`changed`),
 * set by the statement that records their live events, as its prelude: one round trip for both
 * (decision 007). One statement whatever the batch's size.
 */
export function applyReadings(changed: readonly PatientRow[]): Prelude {
  return { ...APPLY_READINGS, params: [JSON.stringify(changed)] };
}

/** An admission: the new patient's row, as stored. */
export async function admit(tx: Writes, values: PatientInsert): Promise<PatientRow> {
  const [row] = await tx.insert(patients).values(values).returning();
  return row!;
}

/** The demo ward's admissions (the seed): each new row's id, creation time and condition. */
export function admitDemo(tx: Writes, values: PatientInsert[]) {
  return tx
    .insert(patients)
    .values(values)
    .returning({ id: patients.id, createdAt: patients.createdAt, condition: patients.condition });
}

/** An edit of the record (details, condition, scale, exception …): the row as it becomes, if any. */
export async function edit(
  tx: Writes,
  patientId: number,
  patch: PatientPatch,
): Promise<PatientRow | undefined> {
  const [row] = await tx.update(patients).set(patch).where(eq(patients.id, patientId)).returning();
  return row;
}

/** A discharge: the patient has left at `at`, and no schedule remains (nothing falls overdue). */
export async function discharge(tx: Writes, patientId: number, at: Date): Promise<void> {
  await tx
    .update(patients)
    .set({ dischargedAt: at, nextObservationDue: null })
    .where(eq(patients.id, patientId));
}

/** A transfer: the patient's ward becomes `wardId`. */
export async function transfer(tx: Writes, patientId: number, wardId: number): Promise<void> {
  await tx.update(patients).set({ wardId }).where(eq(patients.id, patientId));
}

/** The patient's devices as they become (a link made or ended): the row as it becomes, if any. */
export async function setDevices(
  run: Run,
  patientId: number,
  devices: PatientDevice[],
): Promise<PatientRow | undefined> {
  const [row] = await run(SET_DEVICES, [patientId, JSON.stringify(devices)]);
  return row && toPatientRow(row);
}

/**
 * The state worked out at start for a record stored before NEWS2 was kept (db/backfill.ts): set only
 * while the row still has none, so a second server's backfill changes nothing.
 */
export async function backfillState(tx: Writes, patientId: number, state: PatientPatch): Promise<void> {
  await tx
    .update(patients)
    .set(state)
    .where(and(eq(patients.id, patientId), sql`${patients.news2} is null`));
}

/**
 * An entry of the patient's timeline recorded by another module in its own transaction (a
 * medication changed or removed, a transfer): the timeline is this module's table.
 */
export async function recordEvent(tx: Writes, event: PatientEventInsert): Promise<void> {
  await tx.insert(patientEvents).values(event);
}
