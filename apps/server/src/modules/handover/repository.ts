import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors.ts';
import { type Run, runOn } from '../../db/prepared.ts';
import { people } from '../auth/reader.ts';
import { handovers } from './schema.ts';

export type HandoverRecord = typeof handovers.$inferSelect;
export type NewHandover = Omit<
  typeof handovers.$inferInsert,
  'id' | 'status' | 'synthesis' | 'acceptedBy' | 'acceptedAt'
>;
/** A handover with the names of the people on it. */
export type HandoverRow = HandoverRecord & {
  givenByName: string;
  toNurseName: string | null;
  acceptedByName: string | null;
};
type Also = (run: Run, row: HandoverRecord) => Promise<unknown>;

const giver = people('giver');
const receiver = people('receiver');
const acceptor = people('acceptor');

/** Handovers with the names of who gave each, who was to receive it and who accepted it. */
export const handoversWithNames = (db: Db) =>
  db
    .select({
      h: handovers,
      givenByName: giver.username,
      toNurseName: receiver.username,
      acceptedByName: acceptor.username,
    })
    .from(handovers)
    .innerJoin(giver, eq(giver.id, handovers.givenBy))
    .leftJoin(receiver, eq(receiver.id, handovers.toNurseId))
    .leftJoin(acceptor, eq(acceptor.id, handovers.acceptedBy));

/** Handovers given and accepted: the only place the handovers table is touched. */
export function createHandoverRepository(root: Db) {
  const select = handoversWithNames;
  type Selected = {
    h: HandoverRecord;
    givenByName: string;
    toNurseName: string | null;
    acceptedByName: string | null;
  };
  const flat = (r: Selected): HandoverRow => ({
    ...r.h,
    givenByName: r.givenByName,
    toNurseName: r.toNurseName,
    acceptedByName: r.acceptedByName,
  });

  const get = async (id: number, db: Db = root): Promise<HandoverRow | undefined> => {
    const [row] = await select(db).where(eq(handovers.id, id));
    return row ? flat(row) : undefined;
  };

  return {
    get: (id: number) => get(id),

    /** Records a handover given; 'awaiting' when one for the patient and shift already awaits acceptance. */
    async give(values: NewHandover, also: Also): Promise<HandoverRow | 'awaiting'> {
      try {
        return await root.transaction(async (tx) => {
          const [row] = await tx
            .insert(handovers)
            .values({ ...values, status: 'given' })
            .returning();
          await also(runOn(tx), row!);
          return (await get(row!.id, tx as unknown as Db))!;
        });
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) return 'awaiting';
        throw error;
      }
    },

    /**
     * Accepts a handover still awaiting acceptance: one conditional update, so of two receivers at
     * once exactly one changes the row. undefined: it was not awaiting (already accepted, or gone).
     */
    async accept(id: number, synthesis: string, userId: number, at: Date, also: Also) {
      return root.transaction(async (tx) => {
        const [row] = await tx
          .update(handovers)
          .set({ status: 'accepted', synthesis, acceptedBy: userId, acceptedAt: at })
          .where(and(eq(handovers.id, id), eq(handovers.status, 'given')))
          .returning();
        if (!row) return undefined;
        await also(runOn(tx), row);
        return get(row.id, tx as unknown as Db);
      });
    },

    async ofPatient(patientId: number): Promise<HandoverRow[]> {
      const rows = await select(root)
        .where(eq(handovers.patientId, patientId))
        .orderBy(desc(handovers.givenAt), desc(handovers.id));
      return rows.map(flat);
    },

    /** The handovers into these shifts, awaiting acceptance or every one. */
    async intoShifts(shiftKeys: string[], onlyAwaiting: boolean): Promise<HandoverRow[]> {
      if (shiftKeys.length === 0) return [];
      const rows = await select(root)
        .where(
          and(
            inArray(handovers.shiftKey, shiftKeys),
            onlyAwaiting ? eq(handovers.status, 'given') : undefined,
          ),
        )
        .orderBy(handovers.givenAt, handovers.id);
      return rows.map(flat);
    },

    /** Each patient's newest handover summary, the start of the next one. */
    async lastSummaries(patientIds: number[]): Promise<Map<number, string>> {
      if (patientIds.length === 0) return new Map();
      const rows = await root
        .selectDistinctOn([handovers.patientId], {
          patientId: handovers.patientId,
          summary: handovers.patientSummary,
        })
        .from(handovers)
        .where(inArray(handovers.patientId, patientIds))
        .orderBy(handovers.patientId, desc(handovers.givenAt), desc(handovers.id));
      return new Map(rows.map((r) => [r.patientId, r.summary]));
    },
  };
}

export type HandoverRepository = ReturnType<typeof createHandoverRepository>;
