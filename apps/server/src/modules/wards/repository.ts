import type { Role, WardInput } from '@vigil/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors.ts';
import { type Run, runOn, statement } from '../../db/prepared.ts';
import type { WardCheck } from '../../plugins/route-access.ts';
import { patientOfAlert } from '../alerts/reader.ts';
import { people, peopleFrom } from '../auth/reader.ts';
import { patientOfEmergencyContact, patientOfMedication, patientOfTreatment } from '../care/reader.ts';
import { patientOfDeviceLink, patientOfDeviceToken } from '../devices/reader.ts';
import { patientOfHandover } from '../handover/reader.ts';
import { apply, recordEvent } from '../patients/patient-writer.ts';
import { lockedPatientPlace, wardOfPatient } from '../patients/reader.ts';
import { type BedMoveRow, moveBed, recordMove, unassign } from '../ward/bed-writer.ts';
import { lockedBed, lockedBedOf, placedBeds } from '../ward/reader.ts';
import { wardMembers, wards } from './schema.ts';

export type WardRow = typeof wards.$inferSelect;

/**
 * The ward of each kind of record a route acts on, by the record's id (decision 035): the ward of
 * its patient, each read from its owner's reader (no row when there is no such record): the same
 * two index lookups as a join, in one statement.
 */
const WARD_OF: Record<WardCheck, string> = {
  patient: wardOfPatient('$1'),
  'body-patient': wardOfPatient('$1'),
  alert: wardOfPatient(patientOfAlert('$1')),
  handover: wardOfPatient(patientOfHandover('$1')),
  treatment: wardOfPatient(patientOfTreatment('$1')),
  medication: wardOfPatient(patientOfMedication('$1')),
  'emergency-contact': wardOfPatient(patientOfEmergencyContact('$1')),
  'device-link': wardOfPatient(patientOfDeviceLink('$1')),
  'device-token': wardOfPatient(patientOfDeviceToken('$1')),
};
const WARD_OF_STATEMENTS = Object.fromEntries(
  Object.entries(WARD_OF).map(([check, text]) => [
    check,
    statement(`ward_of_${check.replace('-', '_')}`, text),
  ]),
) as Record<WardCheck, ReturnType<typeof statement>>;

const person = people('u');

/** The hospital's wards and who works on which: the only place their tables are touched. */
export function createWardsRepository(db: Db, run: Run) {
  return {
    list: (): Promise<WardRow[]> => db.select().from(wards).orderBy(asc(wards.id)),

    async byId(id: number): Promise<WardRow | undefined> {
      const [row] = await db.select().from(wards).where(eq(wards.id, id));
      return row;
    },

    /** A new ward; 'taken' when its code is another ward's. */
    async insert(input: WardInput): Promise<WardRow | 'taken'> {
      try {
        const [row] = await db.insert(wards).values(input).returning();
        return row!;
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) return 'taken';
        throw error;
      }
    },

    /** The ward a record is on; undefined when there is no such record. */
    async wardOf(check: WardCheck, id: number): Promise<number | undefined> {
      const [row] = await run<{ ward_id: number }>(WARD_OF_STATEMENTS[check], [id]);
      return row?.ward_id;
    },

    /** The wards a person works on, by id. */
    async wardsOf(userId: number): Promise<number[]> {
      const rows = await db
        .select({ wardId: wardMembers.wardId })
        .from(wardMembers)
        .where(eq(wardMembers.userId, userId))
        .orderBy(asc(wardMembers.wardId));
      return rows.map((r) => r.wardId);
    },

    /** Every membership, with the person's name and role, by ward then name. */
    async allMembers(): Promise<{ wardId: number; id: number; username: string; role: Role }[]> {
      return db
        .select({ wardId: wardMembers.wardId, id: person.id, username: person.username, role: person.role })
        .from(wardMembers)
        .innerJoin(person, eq(person.id, wardMembers.userId))
        .orderBy(asc(wardMembers.wardId), asc(person.username));
    },

    /** Replaces the wards a person works on, in the caller's transaction. */
    async setWardsOf(tx: Db, userId: number, wardIds: number[]): Promise<void> {
      await tx.delete(wardMembers).where(eq(wardMembers.userId, userId));
      if (wardIds.length > 0)
        await tx.insert(wardMembers).values(wardIds.map((wardId) => ({ userId, wardId })));
    },

    /** Whether an account exists (and its role). */
    async userRole(userId: number): Promise<Role | undefined> {
      const [row] = await db.select({ role: person.role }).from(person).where(eq(person.id, userId));
      return row?.role;
    },

    /**
     * The active people of `role` on a ward (an escalation's recipients), by id; the outreach team
     * (hospital-wide) whatever the ward. Inside the caller's transaction.
     */
    async recipients(tx: Run, wardId: number, role: Role): Promise<number[]> {
      const rows = await tx<{ id: number }>(
        statement(
          'ward_recipients',
          `select u.id from ${peopleFrom('u')}
           where u.role = $2 and u.status = 'active'
             and ($2 = 'outreach' or exists (select 1 from ward_members m where m.user_id = u.id and m.ward_id = $1))
           order by u.id`,
        ),
        [wardId, role],
      );
      return rows.map((r) => r.id);
    },

    transaction: <T>(fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db)),

    /** Every ward named exists. */
    async allExist(ids: number[]): Promise<boolean> {
      if (ids.length === 0) return true;
      const rows = await db.select({ id: wards.id }).from(wards).where(inArray(wards.id, ids));
      return rows.length === new Set(ids).size;
    },

    /** Members of a ward (id and name), for the screens that list a ward's staff. */
    async members(wardId: number) {
      return db
        .select({ id: person.id, name: person.username, role: person.role })
        .from(wardMembers)
        .innerJoin(person, eq(person.id, wardMembers.userId))
        .where(and(eq(wardMembers.wardId, wardId), eq(person.status, 'active')))
        .orderBy(asc(person.username));
    },

    /** Each placed patient's bed label, by patient id. */
    async beds(): Promise<Map<number, string>> {
      const rows = await placedBeds(db);
      return new Map(rows.map((r) => [r.patientId!, r.label]));
    },

    /** How many wards the hospital has. */
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(wards);
      return row?.n ?? 0;
    },
  };
}

export type WardsRepository = ReturnType<typeof createWardsRepository>;

/** A patient's place as a transfer sees it (locked): her ward, whether discharged, her bed. */
export interface TransferPlace {
  wardId: number;
  dischargedAt: Date | null;
  bed: { id: number; label: string } | null;
}

/** The target bed as a transfer sees it (locked). */
export interface TransferBed {
  id: number;
  label: string;
  wardId: number;
  patientId: number | null;
}

export type TransferMoveRow = BedMoveRow;

/**
 * Moves a patient (and her bed) to another ward in one transaction: `check` sees her place and the
 * target bed, both locked, and throws to refuse; `also` records what else the move does (audit,
 * live events) in the same transaction.
 */
export function createTransferRepository(root: Db) {
  return {
    async transfer(
      patientId: number,
      to: { wardId: number; bedId: number | null },
      at: Date,
      userId: number,
      check: (place: TransferPlace | null, bed: TransferBed | null) => void,
      also: (run: Run, move: TransferMoveRow, from: TransferPlace) => Promise<unknown>,
    ): Promise<TransferMoveRow> {
      return root.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const patient = await lockedPatientPlace(tx, patientId);
        const [held] = patient ? await lockedBedOf(tx, patientId) : [];
        const place: TransferPlace | null = patient ? { ...patient, bed: held ?? null } : null;
        const [bed] = to.bedId === null ? [] : await lockedBed(tx, to.bedId);
        check(place, bed ?? null);
        await moveBed(tx, patientId, place!.bed?.id ?? null, bed?.id ?? null);
        await apply(runOn(tx), { kind: 'transfer', patientId, wardId: to.wardId });
        // Her nurses were the old ward's: the new ward's nurse in charge assigns her (shift keys are
        // per shift, not per ward, so every assignment of hers goes; only the current and next
        // shifts' are ever read).
        await unassign(tx, patientId);
        const move = await recordMove(tx, {
          patientId,
          kind: 'transfer',
          fromBed: place!.bed?.label ?? null,
          toBed: bed?.label ?? null,
          fromWard: place!.wardId,
          toWard: to.wardId,
          at,
          byUser: userId,
        });
        await recordEvent(tx, {
          patientId,
          type: 'transferred',
          data: {
            fromWardId: place!.wardId,
            toWardId: to.wardId,
            fromBed: move.fromBed,
            toBed: move.toBed,
          },
          createdAt: at,
          createdBy: userId,
        });
        await also(runOn(tx), move, place!);
        return move;
      });
    },
  };
}

export type TransferRepository = ReturnType<typeof createTransferRepository>;
