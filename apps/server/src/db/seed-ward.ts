import type { Db } from './client.ts';
import { wardBays, wardBeds } from './schema.ts';

/** The demo ward's layout: four six-bed bays and three side rooms. */
const DEMO_BAYS = [
  { name: 'Bay A', labels: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'] },
  { name: 'Bay B', labels: ['B1', 'B2', 'B3', 'B4', 'B5', 'B6'] },
  { name: 'Bay C', labels: ['C1', 'C2', 'C3', 'C4', 'C5', 'C6'] },
  { name: 'Bay D', labels: ['D1', 'D2', 'D3', 'D4', 'D5', 'D6'] },
  { name: 'Side rooms', labels: ['SR1', 'SR2', 'SR3'] },
];
/** The demo ward is the hospital's first (migration 0019 makes it). */
export const DEMO_WARD_ID = 1;
/** Beds left empty, so the board shows free beds among occupied ones. */
const FREE_BEDS = new Set(['A6', 'C5', 'SR3']);

/**
 * Lays out the demo ward and puts its patients in beds, in the order given (as many as there are
 * beds to take), in the demo seed's transaction.
 */
export async function seedWardLayout(tx: Db, patientIds: number[]): Promise<void> {
  const queue = [...patientIds];
  for (const [position, bay] of DEMO_BAYS.entries()) {
    const [row] = await tx
      .insert(wardBays)
      .values({ wardId: DEMO_WARD_ID, name: bay.name, position })
      .returning({ id: wardBays.id });
    await tx.insert(wardBeds).values(
      bay.labels.map((label, bedPosition) => ({
        wardId: DEMO_WARD_ID,
        bayId: row!.id,
        label,
        labelKey: label.toUpperCase(),
        position: bedPosition,
        patientId: FREE_BEDS.has(label) ? null : (queue.shift() ?? null),
      })),
    );
  }
}
