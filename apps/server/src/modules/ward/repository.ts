import type { BedMoveKind, WardLayoutInput } from '@vigil/domain';
import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Run, runOn } from '../../db/prepared.ts';
import { people } from '../auth/reader.ts';
import { apply } from '../patients/patient-writer.ts';
import { lockedPatientPlace, patientPlace } from '../patients/reader.ts';
import { bedMoves, wardBays, wardBeds } from './schema.ts';

export type BayRow = typeof wardBays.$inferSelect;
export type BedRow = typeof wardBeds.$inferSelect;
export type BedMoveRow = typeof bedMoves.$inferSelect & { byName: string };

/** What else a change does in its transaction (audit rows, live events), once it has happened. */
export type AlsoInTransaction<T> = (run: Run, result: T) => Promise<unknown>;

/** The layout as stored when an edit starts, for the service to check the edit against. */
export interface CurrentLayout {
  bays: BayRow[];
  beds: BedRow[];
}

/** A patient as a bed change sees it: whether on the ward, and the bed held now. */
export interface PatientPlace {
  dischargedAt: Date | null;
  /** The ward she is on: a bed is given on it only (decision 035). */
  wardId: number;
  bed: BedRow | null;
}

const labelKey = (label: string) => label.toUpperCase();

const person = people('u');

/** Bays, beds and where each patient lies: the only place the ward's layout tables are touched. */
export function createWardRepository(root: Db) {
  const transaction = <T>(fn: (tx: Db, run: Run) => Promise<T>) =>
    root.transaction((tx) => fn(tx as unknown as Db, runOn(tx)));

  async function layoutOf(db: Db, wardId: number): Promise<CurrentLayout> {
    const bays = await db
      .select()
      .from(wardBays)
      .where(eq(wardBays.wardId, wardId))
      .orderBy(asc(wardBays.position), asc(wardBays.id));
    const beds = await db
      .select()
      .from(wardBeds)
      .where(eq(wardBeds.wardId, wardId))
      .orderBy(asc(wardBeds.position), asc(wardBeds.id));
    return { bays, beds };
  }

  /** Locks the patient's row, so two changes of one patient's bed run one after the other. */
  async function placeOf(tx: Db, patientId: number): Promise<PatientPlace | null> {
    const patient = await lockedPatientPlace(tx, patientId);
    if (!patient) return null;
    const [bed] = await tx.select().from(wardBeds).where(eq(wardBeds.patientId, patientId));
    return { dischargedAt: patient.dischargedAt, wardId: patient.wardId, bed: bed ?? null };
  }

  async function recordMove(
    tx: Db,
    move: { patientId: number; kind: BedMoveKind; fromBed: string | null; toBed: string | null },
    at: Date,
    userId: number,
  ) {
    const [row] = await tx
      .insert(bedMoves)
      .values({ ...move, at, byUser: userId })
      .returning();
    const [by] = await tx.select({ name: person.username }).from(person).where(eq(person.id, userId));
    return { ...row!, byName: by?.name ?? '' };
  }

  return {
    layout: (wardId: number) => layoutOf(root, wardId),

    /**
     * Replaces the layout: `check` sees the stored layout (bays locked, so edits queue) and throws
     * to refuse. Kept beds are relabelled through a placeholder key, so two beds may swap labels.
     */
    async replaceLayout(
      wardId: number,
      input: WardLayoutInput,
      check: (current: CurrentLayout) => void,
      also: AlsoInTransaction<CurrentLayout>,
    ): Promise<CurrentLayout> {
      return transaction(async (tx, run) => {
        await tx.execute(sql`lock table ward_bays in exclusive mode`);
        const current = await layoutOf(tx, wardId);
        await tx.select({ id: wardBeds.id }).from(wardBeds).where(eq(wardBeds.wardId, wardId)).for('update');
        check(current);
        const keptBeds = input.bays.flatMap((bay) => bay.beds.flatMap((bed) => (bed.id ? [bed.id] : [])));
        const keptBays = input.bays.flatMap((bay) => (bay.id ? [bay.id] : []));
        await tx
          .delete(wardBeds)
          .where(
            and(eq(wardBeds.wardId, wardId), keptBeds.length ? notInArray(wardBeds.id, keptBeds) : undefined),
          );
        if (keptBeds.length) {
          await tx
            .update(wardBeds)
            .set({ labelKey: sql`'#' || ${wardBeds.id}` })
            .where(inArray(wardBeds.id, keptBeds));
        }
        for (const [position, bay] of input.bays.entries()) {
          let bayId = bay.id;
          if (bayId) {
            await tx.update(wardBays).set({ name: bay.name, position }).where(eq(wardBays.id, bayId));
          } else {
            const [row] = await tx.insert(wardBays).values({ wardId, name: bay.name, position }).returning();
            bayId = row!.id;
          }
          for (const [bedPosition, bed] of bay.beds.entries()) {
            const values = {
              wardId,
              bayId,
              label: bed.label,
              labelKey: labelKey(bed.label),
              position: bedPosition,
            };
            if (bed.id) await tx.update(wardBeds).set(values).where(eq(wardBeds.id, bed.id));
            else await tx.insert(wardBeds).values(values);
          }
        }
        const removedBays = current.bays.filter((bay) => !keptBays.includes(bay.id)).map((bay) => bay.id);
        if (removedBays.length) await tx.delete(wardBays).where(inArray(wardBays.id, removedBays));
        const after = await layoutOf(tx, wardId);
        await also(run, after);
        return after;
      });
    },

    /**
     * Puts a patient in a bed (an admission or a move): `check` sees the patient's place and the
     * bed, both locked, and throws to refuse.
     */
    async placePatient(
      patientId: number,
      bedId: number,
      at: Date,
      userId: number,
      check: (place: PatientPlace | null, bed: BedRow | null) => void,
      also: AlsoInTransaction<BedMoveRow>,
    ): Promise<BedMoveRow> {
      return transaction(async (tx, run) => {
        const place = await placeOf(tx, patientId);
        const [bed] = await tx.select().from(wardBeds).where(eq(wardBeds.id, bedId)).for('update');
        check(place, bed ?? null);
        if (place!.bed)
          await tx.update(wardBeds).set({ patientId: null }).where(eq(wardBeds.id, place!.bed.id));
        await tx
          .update(wardBeds)
          .set({ patientId })
          .where(and(eq(wardBeds.id, bedId), isNull(wardBeds.patientId)));
        const move = await recordMove(
          tx,
          {
            patientId,
            kind: place!.bed ? 'move' : 'admit',
            fromBed: place!.bed?.label ?? null,
            toBed: bed!.label,
          },
          at,
          userId,
        );
        await also(run, move);
        return move;
      });
    },

    /** Discharges a patient: frees the bed, ends the observation schedule, records the move. */
    async discharge(
      patientId: number,
      at: Date,
      userId: number,
      check: (place: PatientPlace | null) => void,
      also: AlsoInTransaction<BedMoveRow>,
    ): Promise<BedMoveRow> {
      return transaction(async (tx, run) => {
        const place = await placeOf(tx, patientId);
        check(place);
        if (place!.bed)
          await tx.update(wardBeds).set({ patientId: null }).where(eq(wardBeds.id, place!.bed.id));
        // No schedule for a patient who has left: nothing falls overdue.
        await apply(run, { kind: 'discharge', patientId, at });
        const move = await recordMove(
          tx,
          { patientId, kind: 'discharge', fromBed: place!.bed?.label ?? null, toBed: null },
          at,
          userId,
        );
        await also(run, move);
        return move;
      });
    },

    /** Whether the patient exists and is on a ward (null: no such patient), and which ward. */
    async isOnWard(patientId: number): Promise<{ onWard: boolean; wardId: number } | null> {
      const row = await patientPlace(root, patientId);
      return row ? { onWard: row.dischargedAt === null, wardId: row.wardId } : null;
    },

    async bedHistory(patientId: number): Promise<BedMoveRow[]> {
      const rows = await root
        .select({ move: bedMoves, byName: person.username })
        .from(bedMoves)
        .innerJoin(person, eq(person.id, bedMoves.byUser))
        .where(eq(bedMoves.patientId, patientId))
        .orderBy(desc(bedMoves.at), desc(bedMoves.id));
      return rows.map((r) => ({ ...r.move, byName: r.byName }));
    },
  };
}

export type WardRepository = ReturnType<typeof createWardRepository>;
