import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Run, runOn } from '../../db/prepared.ts';
import { readingRecords } from '../readings/reader.ts';
import type { DeviceLinkRow } from './reader.ts';
import { deviceLinks } from './schema.ts';

export type { DeviceLinkRow };
/** A link with what its newest reading says: when it was, and the battery it reported. */
export type DeviceLinkView = DeviceLinkRow & { lastReadingAt: Date | null; lastBatteryLevel: number | null };
type NewDeviceLink = Omit<typeof deviceLinks.$inferInsert, 'id'>;

/**
 * Runs in the same transaction as a change, with the links as they become and every active link of
 * the patients they belong to (what each patient now carries): their live events.
 */
export type AlsoInTransaction<T> = (
  run: Run,
  changed: DeviceLinkView[],
  activeByPatient: Map<number, DeviceLinkView[]>,
) => Promise<T>;

// The readings are the readings module's: read as its reader gives them (decision 041).
const vitalReadings = readingRecords('v');

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

  /** The changed links and, for their patients, every active link, newest first; then `also`. */
  async function alsoFor<T>(tx: Db, ids: number[], also: AlsoInTransaction<T>) {
    const changed = await viewsOn(tx, ids);
    const patientIds = [...new Set(changed.map((l) => l.patientId))];
    const active = patientIds.length
      ? (
          await view(tx)
            .where(and(isNull(deviceLinks.endedAt), inArray(deviceLinks.patientId, patientIds)))
            .orderBy(desc(deviceLinks.linkedAt), desc(deviceLinks.id))
        ).map(toView)
      : [];
    const byPatient = new Map<number, DeviceLinkView[]>(patientIds.map((id) => [id, []]));
    for (const link of active) byPatient.get(link.patientId)!.push(link);
    return { changed, extra: await also(runOn(tx), changed, byPatient) };
  }

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
        const { changed, extra } = await alsoFor(
          tx as unknown as Db,
          [...ended.map((e) => e.id), row!.id],
          also,
        );
        return { link: changed.find((l) => l.id === row!.id)!, extra };
      });
    },

    /** Changes an active link; undefined when there is none with this id. */
    async update<T>(
      id: number,
      patch: Partial<
        Pick<
          DeviceLinkRow,
          'state' | 'batteryLevel' | 'stateChangedAt' | 'heartbeatAt' | 'endedAt' | 'lostAt' | 'lostReason'
        >
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
        const { changed, extra } = await alsoFor(tx as unknown as Db, [row.id], also);
        return { link: changed[0]!, extra };
      });
    },

    /** The active link of a device, if any. */
    async activeForDevice(deviceId: string): Promise<DeviceLinkView | undefined> {
      const [row] = await view().where(and(eq(deviceLinks.deviceId, deviceId), isNull(deviceLinks.endedAt)));
      return row && toView(row);
    },

    /**
     * The lease sweep, in one transaction: a leased link (held by a browser or the bridge) not heard
     * from, by heartbeat or reading, since before `cutoff` is lost from when it was last heard ("not
     * reporting"); one lost that way and heard from since is back. Each row changes in one UPDATE, so
     * with several instances sweeping each change happens once.
     */
    async sweep<T>(
      cutoff: Date,
      leased: readonly string[],
      also: AlsoInTransaction<T>,
    ): Promise<{ changed: DeviceLinkView[]; extra: T } | undefined> {
      return db.transaction(async (tx) => {
        const heard = sql`(
          select l2.id, greatest(coalesce(l2.heartbeat_at, l2.state_changed_at), l2.state_changed_at,
                                 coalesce(n.reading_time, l2.state_changed_at)) as heard_at
          from ${deviceLinks} l2 left join lateral (
            select reading_time from ${readingRecords('v')} where v.device_id = l2.device_id
            order by reading_time desc limit 1
          ) n on true
          where l2.ended_at is null and l2.state <> 'disconnected'
            and l2.connection_type = any(${`{${leased.join(',')}}`}::text[])
        ) h`;
        const lost = await tx.execute<{ id: number }>(sql`
          update ${deviceLinks} l set lost_at = h.heard_at, lost_reason = 'not-reporting'
          from ${heard}
          where l.id = h.id and l.lost_at is null and h.heard_at < ${cutoff.toISOString()}::timestamptz
          returning l.id`);
        const back = await tx.execute<{ id: number }>(sql`
          update ${deviceLinks} l set lost_at = null, lost_reason = null
          from ${heard}
          where l.id = h.id and l.lost_reason = 'not-reporting' and h.heard_at > l.lost_at
          returning l.id`);
        const ids = [...rowsOf<{ id: number }>(lost), ...rowsOf<{ id: number }>(back)].map((r) => r.id);
        if (ids.length === 0) return undefined;
        return alsoFor(tx as unknown as Db, ids, also);
      });
    },
  };
}

export type DeviceLinkRepository = ReturnType<typeof createDeviceLinkRepository>;

/** Rows of a raw statement, whichever driver ran it. */
const rowsOf = <R>(result: unknown): R[] => (result as { rows: R[] }).rows;
