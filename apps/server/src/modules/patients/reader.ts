import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { patients } from './schema.ts';

// What other modules may read of this module's tables (decision 041).

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
