import type { Role, WardInput } from '@vigil/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors.ts';
import { type Run, runOn, statement } from '../../db/prepared.ts';
import { type bedMoves, patients, users, wardBeds } from '../../db/schema.ts';
import type { WardCheck } from '../../plugins/route-access.ts';
import { apply, recordEvent } from '../patients/patient-writer.ts';
import { moveBed, recordMove, unassign } from '../ward/bed-writer.ts';
import { wardMembers, wards } from './schema.ts';

export type WardRow = typeof wards.$inferSelect;

/** The ward of each kind of record a route acts on, by the record's id (decision 035). */
const WARD_OF: Record<WardCheck, string> = {
  patient: 'select p.ward_id from patients p where p.id = $1',
  'body-patient': 'select p.ward_id from patients p where p.id = $1',
  alert: 'select p.ward_id from alerts x join patients p on p.id = x.patient_id where x.id = $1',
  handover: 'select p.ward_id from handovers x join patients p on p.id = x.patient_id where x.id = $1',
  treatment: 'select p.ward_id from treatments x join patients p on p.id = x.patient_id where x.id = $1',
  medication: 'select p.ward_id from medications x join patients p on p.id = x.patient_id where x.id = $1',
  'emergency-contact':
    'select p.ward_id from emergency_contacts x join patients p on p.id = x.patient_id where x.id = $1',
  'device-link':
    'select p.ward_id from device_links x join patients p on p.id = x.patient_id where x.id = $1',
  'device-token':
    'select p.ward_id from device_tokens x join patients p on p.id = x.patient_id where x.id = $1',
};
const WARD_OF_STATEMENTS = Object.fromEntries(
  Object.entries(WARD_OF).map(([check, text]) => [
    check,
    statement(`ward_of_${check.replace('-', '_')}`, text),
  ]),
) as Record<WardCheck, ReturnType<typeof statement>>;

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
        .select({ wardId: wardMembers.wardId, id: users.id, username: users.username, role: users.role })
        .from(wardMembers)
        .innerJoin(users, eq(users.id, wardMembers.userId))
        .orderBy(asc(wardMembers.wardId), asc(users.username));
    },

    /** Replaces the wards a person works on, in the caller's transaction. */
    async setWardsOf(tx: Db, userId: number, wardIds: number[]): Promise<void> {
      await tx.delete(wardMembers).where(eq(wardMembers.userId, userId));
      if (wardIds.length > 0)
        await tx.insert(wardMembers).values(wardIds.map((wardId) => ({ userId, wardId })));
    },

    /** Whether an account exists (and its role). */
    async userRole(userId: number): Promise<Role | undefined> {
      const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
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
          `select u.id from users u
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
        .select({ id: users.id, name: users.username, role: users.role })
        .from(wardMembers)
        .innerJoin(users, eq(users.id, wardMembers.userId))
        .where(and(eq(wardMembers.wardId, wardId), eq(users.status, 'active')))
        .orderBy(asc(users.username));
    },

    /** Each placed patient's bed label, by patient id. */
    async beds(): Promise<Map<number, string>> {
      const rows = await db
        .select({ patientId: wardBeds.patientId, label: wardBeds.label })
        .from(wardBeds)
        .where(sql`${wardBeds.patientId} is not null`);
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

export type TransferMoveRow = typeof bedMoves.$inferSelect;

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
        const [patient] = await tx
          .select({ wardId: patients.wardId, dischargedAt: patients.dischargedAt })
          .from(patients)
          .where(eq(patients.id, patientId))
          .for('update');
        const [held] = patient
          ? await tx
              .select({ id: wardBeds.id, label: wardBeds.label })
              .from(wardBeds)
              .where(eq(wardBeds.patientId, patientId))
              .for('update')
          : [];
        const place: TransferPlace | null = patient ? { ...patient, bed: held ?? null } : null;
        const [bed] =
          to.bedId === null
            ? []
            : await tx
                .select({
                  id: wardBeds.id,
                  label: wardBeds.label,
                  wardId: wardBeds.wardId,
                  patientId: wardBeds.patientId,
                })
                .from(wardBeds)
                .where(eq(wardBeds.id, to.bedId))
                .for('update');
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
