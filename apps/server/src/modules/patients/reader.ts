import { VITAL_SIGNS } from '@vigil/domain';
import { getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { patients } from './schema.ts';

// What other modules may read of this module's tables (decision 041). Each reader is joined into the
// caller's own query, so owning the read adds no round trip.

const qb = new QueryBuilder();

/** A patient's stored row, as other modules receive it. */
export type PatientRow = typeof patients.$inferSelect;

/** The patients table's column of each vital sign, in catalogue order (hand-written statements). */
export const VITAL_COLUMNS = VITAL_SIGNS.map((v) => getTableColumns(patients)[v.key].name);

/**
 * SQL text of the patients as hand-written statements join them (`join ${PATIENTS} p on …`): every
 * column, named as the table names them.
 */
export const PATIENTS = '(select * from patients)';

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
