import type { WardSettings } from '@vigil/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runOn } from '../../db/prepared.ts';
import { people } from '../auth/reader.ts';
import { memberships, worksOn } from '../wards/reader.ts';
import type { AlsoInTransaction } from './repository.ts';
import { shiftAssignments, shiftLeads, wardSettings } from './schema.ts';

export type AssignmentRow = typeof shiftAssignments.$inferSelect & {
  nurseName: string;
  assignedByName: string;
};
export type LeadRow = typeof shiftLeads.$inferSelect & { nurseName: string; namedByName: string };
export type StaffRow = { id: number; username: string; role: string; status: string };

const nurse = people('nurse');
const assigner = people('assigner');
const person = people('u');
const member = memberships('m');

/** The ward's settings and who looks after whom in each shift. */
export function createAssignmentRepository(root: Db) {
  return {
    /** A ward's settings: the row whose id is the ward's (null: none set, the defaults apply). */
    async settings(wardId: number): Promise<WardSettings | null> {
      const [row] = await root.select().from(wardSettings).where(eq(wardSettings.id, wardId));
      return row?.settings ?? null;
    },

    async saveSettings(
      wardId: number,
      settings: WardSettings,
      at: Date,
      userId: number,
      also: AlsoInTransaction<WardSettings>,
    ) {
      await root.transaction(async (tx) => {
        await tx
          .insert(wardSettings)
          .values({ id: wardId, settings, updatedAt: at, updatedBy: userId })
          .onConflictDoUpdate({
            target: wardSettings.id,
            set: { settings, updatedAt: at, updatedBy: userId },
          });
        await also(runOn(tx), settings);
      });
    },

    async assignments(shiftKeys: string[]): Promise<AssignmentRow[]> {
      if (shiftKeys.length === 0) return [];
      const rows = await root
        .select({ a: shiftAssignments, nurseName: nurse.username, assignedByName: assigner.username })
        .from(shiftAssignments)
        .innerJoin(nurse, eq(nurse.id, shiftAssignments.nurseId))
        .innerJoin(assigner, eq(assigner.id, shiftAssignments.assignedBy))
        .where(inArray(shiftAssignments.shiftKey, shiftKeys))
        .orderBy(asc(shiftAssignments.patientId));
      return rows.map((r) => ({ ...r.a, nurseName: r.nurseName, assignedByName: r.assignedByName }));
    },

    /** Assigns a patient for a shift (or, with no nurse, leaves them unassigned). */
    async assign(
      change: { shiftKey: string; patientId: number; nurseId: number | null },
      at: Date,
      userId: number,
      also: AlsoInTransaction<typeof change>,
    ) {
      await root.transaction(async (tx) => {
        const key = and(
          eq(shiftAssignments.shiftKey, change.shiftKey),
          eq(shiftAssignments.patientId, change.patientId),
        );
        if (change.nurseId === null) {
          await tx.delete(shiftAssignments).where(key);
        } else {
          const values = { nurseId: change.nurseId, assignedBy: userId, assignedAt: at };
          await tx
            .insert(shiftAssignments)
            .values({ shiftKey: change.shiftKey, patientId: change.patientId, ...values })
            .onConflictDoUpdate({
              target: [shiftAssignments.shiftKey, shiftAssignments.patientId],
              set: values,
            });
        }
        await also(runOn(tx), change);
      });
    },

    async lead(wardId: number, shiftKey: string): Promise<LeadRow | undefined> {
      const [row] = await root
        .select({ l: shiftLeads, nurseName: nurse.username, namedByName: assigner.username })
        .from(shiftLeads)
        .innerJoin(nurse, eq(nurse.id, shiftLeads.nurseId))
        .innerJoin(assigner, eq(assigner.id, shiftLeads.namedBy))
        .where(and(eq(shiftLeads.wardId, wardId), eq(shiftLeads.shiftKey, shiftKey)));
      return row && { ...row.l, nurseName: row.nurseName, namedByName: row.namedByName };
    },

    /** The accounts named to lead any of these shifts of a ward. */
    async leadersOf(wardId: number, shiftKeys: string[]): Promise<number[]> {
      if (shiftKeys.length === 0) return [];
      const rows = await root
        .selectDistinct({ nurseId: shiftLeads.nurseId })
        .from(shiftLeads)
        .where(and(eq(shiftLeads.wardId, wardId), inArray(shiftLeads.shiftKey, shiftKeys)));
      return rows.map((r) => r.nurseId);
    },

    /** The wards whose shifts (any) the account has been named to lead. */
    async leadWards(userId: number): Promise<number[]> {
      const rows = await root
        .selectDistinct({ wardId: shiftLeads.wardId })
        .from(shiftLeads)
        .where(eq(shiftLeads.nurseId, userId));
      return rows.map((r) => r.wardId);
    },

    /** Which of these shifts of a ward the account leads. */
    async ledBy(userId: number, wardId: number, shiftKeys: string[]): Promise<string[]> {
      const rows = await root
        .select({ shiftKey: shiftLeads.shiftKey })
        .from(shiftLeads)
        .where(
          and(
            eq(shiftLeads.nurseId, userId),
            eq(shiftLeads.wardId, wardId),
            inArray(shiftLeads.shiftKey, shiftKeys),
          ),
        );
      return rows.map((r) => r.shiftKey);
    },

    /**
     * Names the nurse in charge of a shift (or, with no nurse, none); `also` gets the nurse it
     * replaces, whose grant ends with it.
     */
    async setLead(
      change: { wardId: number; shiftKey: string; nurseId: number | null },
      at: Date,
      userId: number,
      also: AlsoInTransaction<{ previousNurseId: number | null }>,
    ) {
      await root.transaction(async (tx) => {
        const key = and(eq(shiftLeads.wardId, change.wardId), eq(shiftLeads.shiftKey, change.shiftKey));
        const [previous] = await tx
          .select({ nurseId: shiftLeads.nurseId })
          .from(shiftLeads)
          .where(key)
          .for('update');
        if (change.nurseId === null) {
          await tx.delete(shiftLeads).where(key);
        } else {
          const values = { nurseId: change.nurseId, namedBy: userId, namedAt: at };
          await tx
            .insert(shiftLeads)
            .values({ wardId: change.wardId, shiftKey: change.shiftKey, ...values })
            .onConflictDoUpdate({ target: [shiftLeads.wardId, shiftLeads.shiftKey], set: values });
        }
        await also(runOn(tx), { previousNurseId: previous?.nurseId ?? null });
      });
    },

    /** The members of a ward of these roles in this state, by name. */
    staff: (wardId: number, roles: readonly string[], status: string): Promise<StaffRow[]> =>
      root
        .select({ id: person.id, username: person.username, role: person.role, status: person.status })
        .from(person)
        .innerJoin(member, and(eq(member.userId, person.id), eq(member.wardId, wardId)))
        .where(and(inArray(person.role, roles as never[]), eq(person.status, status as never)))
        .orderBy(asc(person.username)),

    /** An account, and whether it works on the ward. */
    async user(id: number, wardId: number): Promise<(StaffRow & { onWard: boolean }) | undefined> {
      const [row] = await root
        .select({
          id: person.id,
          username: person.username,
          role: person.role,
          status: person.status,
          onWard: worksOn(person.id, wardId),
        })
        .from(person)
        .where(eq(person.id, id));
      return row;
    },
  };
}

export type AssignmentRepository = ReturnType<typeof createAssignmentRepository>;
