import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bedMoves, shiftAssignments, wardBeds } from './schema.ts';

// The ward's beds, their moves and the nurses' assignments are this module's tables
// (apps/server/test/table-owners.test.ts): another module that moves a patient in its own
// transaction (a transfer between wards) does it through these functions. Like patient-writer.ts,
// a module file that uses Drizzle, and one other modules' repositories may import (biome.json).

type Writes = Pick<Db, 'insert' | 'update' | 'delete'>;
export type BedMoveRow = typeof bedMoves.$inferSelect;

/** The patient leaves bed `fromBedId` (if any) for bed `toBedId` (if any). */
export async function moveBed(
  tx: Writes,
  patientId: number,
  fromBedId: number | null,
  toBedId: number | null,
): Promise<void> {
  if (fromBedId !== null)
    await tx.update(wardBeds).set({ patientId: null }).where(eq(wardBeds.id, fromBedId));
  if (toBedId !== null) await tx.update(wardBeds).set({ patientId }).where(eq(wardBeds.id, toBedId));
}

/** Every nurse's assignment of the patient ends (she has left their ward). */
export async function unassign(tx: Writes, patientId: number): Promise<void> {
  await tx.delete(shiftAssignments).where(eq(shiftAssignments.patientId, patientId));
}

/** A move recorded (a transfer's beds and wards, when and by whom), as stored. */
export async function recordMove(tx: Writes, move: typeof bedMoves.$inferInsert): Promise<BedMoveRow> {
  const [row] = await tx.insert(bedMoves).values(move).returning();
  return row!;
}
