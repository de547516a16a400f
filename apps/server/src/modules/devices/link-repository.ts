import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Run, runOn } from '../../db/prepared.ts';
import { deviceLinks, vitalReadings } from '../../db/schema.ts';

export type DeviceLinkRow = typeof deviceLinks.$inferSelect;
/** A link with what its newest reading says: when it was, and the battery it reported. */
export type DeviceLinkView = DeviceLinkRow & { lastReadingAt: Date | null; lastBatteryLevel: number | null };
type NewDeviceLink = Omit<typeof deviceLinks.$inferInsert, 'id'>;

/** Runs in the same transaction as a change, with the links as they become: their live events. */
export type AlsoInTransaction<T> = (run: Run, changed: DeviceLinkView[]) => Promise<T>;

// The newest reading of the link's device: one index lookup (vital_readings_device_time_uq).
const newest = sql`lateral (
  select ${vitalReadings.readingTime} as reading_time, ${vitalReadings.batteryLevel} as battery_level
  from ${vitalReadings} where ${vitalReadings.deviceId} = ${deviceLinks.deviceId}
  order by ${vitalReadings.readingTime} desc limit 1
) as newest`;

export function createDeviceLinkRepository(db: Db) {
  const view = (on: Db = db) =>
    on
      .select({
        link: deviceLinks,
        lastReadingAt: sql<string | null>`newest.reading_time`,
        lastBatteryLevel: sql<number | null>`newest.battery_level`,
      })
      .from(deviceLinks)
      .leftJoin(newest, sql`true`);
  const toView = (r: {
    link: DeviceLinkRow;
    lastReadingAt: string | Date | null;
    lastBatteryLevel: number | null;
  }) => ({
    ...r.link,
    lastReadingAt: r.lastReadingAt === null ? null : new Date(r.lastReadingAt),
    lastBatteryLevel: r.lastBatteryLevel,
  });

  const viewsOn = async (on: Db, ids: number[]) =>
    (await view(on).where(inArray(deviceLinks.id, ids)).orderBy(asc(deviceLinks.id))).map(toView);

  return {
    /** Active links, newest first; of one patient when given. */
    async listActive(patientId?: number): Promise<DeviceLinkView[]> {
      const rows = await view()
        .where(
          and(
            isNull(deviceLinks.endedAt),
            patientId !== undefined ? eq(deviceLinks.patientId, patientId) : undefined,
          ),
        )
        .orderBy(desc(deviceLinks.linkedAt), desc(deviceLinks.id));
      return rows.map(toView);
    },

    async get(id: number): Promise<DeviceLinkView | undefined> {
      const [row] = await view().where(eq(deviceLinks.id, id));
      return row && toView(row);
    },

    /**
     * Links a device to a patient: its active link to another patient (or an earlier one to this
     * patient) ends first, in the same transaction; `also` records the events of every change.
     */
    async link<T>(
      link: NewDeviceLink,
      also: AlsoInTransaction<T>,
    ): Promise<{ link: DeviceLinkView; extra: T }> {
      return db.transaction(async (tx) => {
        const ended = await tx
          .update(deviceLinks)
          .set({ endedAt: link.linkedAt, state: 'disconnected', stateChangedAt: link.linkedAt })
          .where(and(eq(deviceLinks.deviceId, link.deviceId), isNull(deviceLinks.endedAt)))
          .returning({ id: deviceLinks.id });
        const [row] = await tx.insert(deviceLinks).values(link).returning({ id: deviceLinks.id });
        const changed = await viewsOn(tx as unknown as Db, [...ended.map((e) => e.id), row!.id]);
        return { link: changed[changed.length - 1]!, extra: await also(runOn(tx as unknown as Db), changed) };
      });
    },

    /** Changes an active link; undefined when there is none with this id. */
    async update<T>(
      id: number,
      patch: Partial<
        Pick<DeviceLinkRow, 'state' | 'batteryLevel' | 'stateChangedAt' | 'heartbeatAt' | 'endedAt'>
      >,
      also: AlsoInTransaction<T>,
    ): Promise<{ link: DeviceLinkView; extra: T } | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(deviceLinks)
          .set(patch)
          .where(and(eq(deviceLinks.id, id), isNull(deviceLinks.endedAt)))
          .returning({ id: deviceLinks.id });
        if (!row) return undefined;
        const [changed] = await viewsOn(tx as unknown as Db, [row.id]);
        return { link: changed!, extra: await also(runOn(tx as unknown as Db), [changed!]) };
      });
    },
  };
}

export type DeviceLinkRepository = ReturnType<typeof createDeviceLinkRepository>;
