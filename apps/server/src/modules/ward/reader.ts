import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { wardBeds } from './schema.ts';

// What other modules may read of this module's tables (decision 041).

/** Each placed patient's bed label. */
export const placedBeds = (db: Pick<Db, 'select'>) =>
  db
    .select({ patientId: wardBeds.patientId, label: wardBeds.label })
    .from(wardBeds)
    .where(sql`${wardBeds.patientId} is not null`);

/** The bed a patient holds (none: no row), locked in the caller's transaction (a transfer's). */
export const lockedBedOf = (tx: Pick<Db, 'select'>, patientId: number) =>
  tx
    .select({ id: wardBeds.id, label: wardBeds.label })
    .from(wardBeds)
    .where(eq(wardBeds.patientId, patientId))
    .for('update');

/** A bed by id (none: no row), locked in the caller's transaction (a transfer's). */
export const lockedBed = (tx: Pick<Db, 'select'>, bedId: number) =>
  tx
    .select({
      id: wardBeds.id,
      label: wardBeds.label,
      wardId: wardBeds.wardId,
      patientId: wardBeds.patientId,
    })
    .from(wardBeds)
    .where(eq(wardBeds.id, bedId))
    .for('update');
