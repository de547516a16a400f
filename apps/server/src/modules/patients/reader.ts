import { VITAL_SIGNS } from '@vigil/domain';
import { eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { columnList, rowMapper } from '../../db/prepared.ts';
import { readView } from '../../db/read-view.ts';
import { patients, spo2ScaleChanges } from './schema.ts';

// What other modules may read of this module's tables (decision 041). A patient's record has no
// secret: others read all of it (the ingest, trends, FHIR, the backfill), and write it only through
// patient-writer.ts. Each view is joined into the caller's own query, so owning the read adds no
// round trip.

const qb = new QueryBuilder();

/** A patient's stored record, as `patientRecords` and `toPatientRow` give it. */
export type PatientRow = typeof patients.$inferSelect;

/** Patients as other modules join them: the whole record. `as` names the join. */
export const patientRecords = (as: string) => readView(qb.select().from(patients), as);

/** A raw row of the patients table (column names, driver values) as Drizzle reads it. */
export const toPatientRow = rowMapper(patients);

/**
 * SQL text: the patients whose ids are in `idsExpression` (an int[]), locked in id order (so
 * concurrent lockers queue, never deadlock). FOR NO KEY UPDATE leaves readings' foreign-key checks
 * free.
 */
export const lockPatients = (idsExpression: string) =>
  `select ${columnList(patients)} from patients where id = any(${idsExpression}) order by id for no key update`;

/** SQL text: the patient whose id is `idExpression`, locked as `lockPatients` locks them. */
export const lockPatient = (idExpression: string) =>
  `select ${columnList(patients)} from patients where id = ${idExpression} for no key update`;

/** The changes of patients' SpO2 scales (who made them aside): the scale in force at a time. */
export const scaleChanges = (as: string) =>
  readView(
    qb
      .select({
        id: spo2ScaleChanges.id,
        patientId: spo2ScaleChanges.patientId,
        changedAt: spo2ScaleChanges.changedAt,
        fromScale: spo2ScaleChanges.fromScale,
        toScale: spo2ScaleChanges.toScale,
      })
      .from(spo2ScaleChanges),
    as,
  );

/** The patients table's column of each vital sign, in catalogue order (hand-written statements). */
export const VITAL_COLUMNS = VITAL_SIGNS.map((v) => getTableColumns(patients)[v.key].name);

/**
 * SQL text of the patients as hand-written statements join them (`join ${PATIENTS} p on …`): the
 * whole record, named as the table names it.
 */
export const PATIENTS = `(select ${columnList(patients)} from patients)`;

/** The ids of the patients on any of `wardIds` (a ward scope), for `inArray(…, patientsOnWards(…))`. */
export const patientsOnWards = (wardIds: readonly number[]) =>
  qb
    .select({ id: patients.id })
    .from(patients)
    .where(inArray(patients.wardId, [...wardIds]));

/**
 * The time patients have been on the wards within [from, to), in milliseconds: the denominator of
 * alarm-fatigue rates (alerts per patient-day). A scalar subquery for the caller's statement.
 */
export const patientMsBetween = (from: Date, to: Date): SQL<number | null> => sql`(
  select sum(extract(epoch from (
    least(${to.toISOString()}::timestamptz, now()) - greatest(${from.toISOString()}::timestamptz, p.created_at))) * 1000)
  from ${patients} p where p.created_at < ${to.toISOString()}::timestamptz)`;

/**
 * SQL text: the select of the ward of the patient whose id is `idExpression` (no row for none); a
 * statement of its own, or in parentheses a value in another.
 */
export const wardOfPatient = (idExpression: string) =>
  `select p.ward_id from patients p where p.id = ${idExpression}`;

/** Where a patient is (her ward, whether discharged); undefined for no such patient. */
export async function patientPlace(db: Pick<Db, 'select'>, patientId: number) {
  const [row] = await db
    .select({ wardId: patients.wardId, dischargedAt: patients.dischargedAt })
    .from(patients)
    .where(eq(patients.id, patientId));
  return row;
}

/**
 * The same with her row locked in the caller's transaction: a row lock, not an advisory one, so a
 * change of her bed or ward also waits for any change of her through patient-writer.ts.
 */
export async function lockedPatientPlace(tx: Pick<Db, 'select'>, patientId: number) {
  const [row] = await tx
    .select({ wardId: patients.wardId, dischargedAt: patients.dischargedAt })
    .from(patients)
    .where(eq(patients.id, patientId))
    .for('update');
  return row;
}
