import { SPO2_SCALE_CHANGED_EVENT } from '@vigil/domain';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceLinks, fhirExportFiles, fhirExportJobs, patients, vitalReadings } from '../../db/schema.ts';
import type { ObservationCursor, SortOrder } from './search.ts';

export type FhirPatientRow = Pick<typeof patients.$inferSelect, 'id' | 'name' | 'lastUpdated' | 'spo2Scale'>;
/** A reading with the NEWS2 SpO2 scale in force when it was measured. */
export type FhirReadingRow = typeof vitalReadings.$inferSelect & { spo2Scale: number };
export type FhirDeviceRow = typeof deviceLinks.$inferSelect;
export type ExportJobRow = typeof fhirExportJobs.$inferSelect;
export type ExportFileRow = typeof fhirExportFiles.$inferSelect;

const patientColumns = {
  id: patients.id,
  name: patients.name,
  lastUpdated: patients.lastUpdated,
  spo2Scale: patients.spo2Scale,
};

/**
 * The NEWS2 SpO2 scale in force when a reading was measured (readings store none): the scale the
 * patient's latest change before it set; before any change, the scale the first change after it
 * replaced; with no change recorded, the patient's scale now.
 */
const scaleWhenMeasured = sql<number>`coalesce(
  (select (e.data->>'to')::int from patient_events e
    where e.patient_id = ${vitalReadings.patientId} and e.type = ${SPO2_SCALE_CHANGED_EVENT}
      and e.created_at <= ${vitalReadings.readingTime}
    order by e.created_at desc, e.id desc limit 1),
  (select (e.data->>'from')::int from patient_events e
    where e.patient_id = ${vitalReadings.patientId} and e.type = ${SPO2_SCALE_CHANGED_EVENT}
      and e.created_at > ${vitalReadings.readingTime}
    order by e.created_at, e.id limit 1),
  ${patients.spo2Scale})`;

/** The reading columns each Observation kind needs (mappers' id suffixes). */
const NEWS2_COLUMNS = [
  vitalReadings.respiratoryRate,
  vitalReadings.oxygenLevel,
  vitalReadings.onSupplementalOxygen,
  vitalReadings.systolicBP,
  vitalReadings.heartRate,
  vitalReadings.consciousness,
  vitalReadings.temperature,
];
const KIND_CONDITION: Record<string, () => SQL> = {
  'heart-rate': () => isNotNull(vitalReadings.heartRate),
  'respiratory-rate': () => isNotNull(vitalReadings.respiratoryRate),
  'oxygen-saturation': () => isNotNull(vitalReadings.oxygenLevel),
  'body-temperature': () => isNotNull(vitalReadings.temperature),
  'skin-temperature': () => isNotNull(vitalReadings.skinTemperature),
  'blood-pressure': () => or(isNotNull(vitalReadings.systolicBP), isNotNull(vitalReadings.diastolicBP))!,
  news2: () => and(...NEWS2_COLUMNS.map((c) => isNotNull(c)))!,
};

export interface ReadingFilter {
  patientId?: number;
  kinds: ReadonlySet<string>;
  /** Categories the Observations must have (each a list of alternatives); applied after mapping. */
  categories?: string[][];
  from?: Date;
  to?: Date;
  /** Stored at or after (Bulk Data `_since`). */
  storedSince?: Date;
}

export function createFhirRepository(db: Db) {
  return {
    // Demo patients (the demo ward) are not patients: the FHIR API never shows them.
    patient: async (id: number): Promise<FhirPatientRow | undefined> =>
      (
        await db
          .select(patientColumns)
          .from(patients)
          .where(and(eq(patients.id, id), eq(patients.isDemo, false)))
      )[0],

    /** Patients by id, ids or name (a word of it starting with `name`), in id order after `afterId`. */
    patients(filter: { ids?: number[]; name?: string; afterId?: number; since?: Date; limit: number }) {
      const conditions: SQL[] = [eq(patients.isDemo, false)];
      if (filter.ids) conditions.push(inArray(patients.id, filter.ids.length ? filter.ids : [0]));
      if (filter.name) {
        const prefix = `${filter.name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          sql`(lower(${patients.name}) like ${prefix} or lower(${patients.name}) like ${`% ${prefix}`})`,
        );
      }
      if (filter.afterId) conditions.push(gt(patients.id, filter.afterId));
      if (filter.since) conditions.push(gte(patients.lastUpdated, filter.since));
      return db
        .select(patientColumns)
        .from(patients)
        .where(and(...conditions))
        .orderBy(asc(patients.id))
        .limit(filter.limit);
    },

    /** Readings that can give an Observation of the wanted kinds, in time order from the cursor. */
    async readings(
      filter: ReadingFilter,
      order: SortOrder,
      cursor: ObservationCursor | undefined,
      limit: number,
    ) {
      const conditions: (SQL | undefined)[] = [eq(patients.isDemo, false)];
      if (filter.patientId !== undefined) conditions.push(eq(vitalReadings.patientId, filter.patientId));
      if (filter.from) conditions.push(gte(vitalReadings.readingTime, filter.from));
      if (filter.to) conditions.push(lt(vitalReadings.readingTime, filter.to));
      if (filter.storedSince) conditions.push(gte(vitalReadings.createdAt, filter.storedSince));
      const kinds = [...filter.kinds].map((k) => KIND_CONDITION[k]!());
      conditions.push(kinds.length > 0 ? or(...kinds) : sql`false`);
      if (cursor) {
        // The cursor's own reading is read again: the page may have ended inside its Observations.
        const at = new Date(cursor.time);
        conditions.push(
          order === 'asc'
            ? sql`(${vitalReadings.readingTime}, ${vitalReadings.id}) >= (${at.toISOString()}, ${cursor.readingId})`
            : sql`(${vitalReadings.readingTime}, ${vitalReadings.id}) <= (${at.toISOString()}, ${cursor.readingId})`,
        );
      }
      const direction = order === 'asc' ? asc : desc;
      const rows = await db
        .select({ reading: vitalReadings, spo2Scale: scaleWhenMeasured })
        .from(vitalReadings)
        .innerJoin(patients, eq(patients.id, vitalReadings.patientId))
        .where(and(...conditions))
        .orderBy(direction(vitalReadings.readingTime), direction(vitalReadings.id))
        .limit(limit);
      return rows.map((r): FhirReadingRow => ({ ...r.reading, spo2Scale: r.spo2Scale }));
    },

    reading: async (id: number): Promise<FhirReadingRow | undefined> => {
      const [row] = await db
        .select({ reading: vitalReadings, spo2Scale: scaleWhenMeasured })
        .from(vitalReadings)
        .innerJoin(patients, eq(patients.id, vitalReadings.patientId))
        .where(and(eq(vitalReadings.id, id), eq(patients.isDemo, false)));
      return row && { ...row.reading, spo2Scale: row.spo2Scale };
    },

    async devices(filter: { id?: number; patientId?: number; since?: Date }): Promise<FhirDeviceRow[]> {
      const conditions: SQL[] = [eq(patients.isDemo, false)];
      if (filter.id !== undefined) conditions.push(eq(deviceLinks.id, filter.id));
      if (filter.patientId !== undefined) conditions.push(eq(deviceLinks.patientId, filter.patientId));
      if (filter.since) conditions.push(gte(deviceLinks.stateChangedAt, filter.since));
      const rows = await db
        .select({ link: deviceLinks })
        .from(deviceLinks)
        .innerJoin(patients, eq(patients.id, deviceLinks.patientId))
        .where(and(...conditions))
        .orderBy(asc(deviceLinks.id));
      return rows.map((r) => r.link);
    },

    // Bulk Data export jobs and their files.
    createJob: async (job: typeof fhirExportJobs.$inferInsert) => {
      await db.insert(fhirExportJobs).values(job);
    },
    job: async (id: string): Promise<ExportJobRow | undefined> =>
      (await db.select().from(fhirExportJobs).where(eq(fhirExportJobs.id, id)))[0],
    async completeJob(
      id: string,
      files: Omit<typeof fhirExportFiles.$inferInsert, 'jobId'>[],
      at: Date,
      expiresAt: Date,
    ) {
      await db.transaction(async (tx) => {
        if (files.length > 0)
          await tx.insert(fhirExportFiles).values(files.map((f) => ({ ...f, jobId: id })));
        await tx
          .update(fhirExportJobs)
          .set({ state: 'complete', completedAt: at, expiresAt })
          .where(and(eq(fhirExportJobs.id, id), eq(fhirExportJobs.state, 'in-progress')));
      });
    },
    failJob: async (id: string, error: string, at: Date, expiresAt: Date) => {
      await db
        .update(fhirExportJobs)
        .set({ state: 'failed', error, completedAt: at, expiresAt })
        .where(eq(fhirExportJobs.id, id));
    },
    /** The files of a job, without their contents. */
    files: (jobId: string) =>
      db
        .select({
          id: fhirExportFiles.id,
          resourceType: fhirExportFiles.resourceType,
          count: fhirExportFiles.count,
        })
        .from(fhirExportFiles)
        .where(eq(fhirExportFiles.jobId, jobId))
        .orderBy(asc(fhirExportFiles.id)),
    file: async (jobId: string, fileId: number): Promise<ExportFileRow | undefined> =>
      (
        await db
          .select()
          .from(fhirExportFiles)
          .where(and(eq(fhirExportFiles.jobId, jobId), eq(fhirExportFiles.id, fileId)))
      )[0],
    deleteJob: async (id: string) => {
      await db.delete(fhirExportJobs).where(eq(fhirExportJobs.id, id));
    },
    /** Jobs whose files have expired (their files go with them). */
    purgeExpired: async (now: Date) => {
      await db
        .delete(fhirExportJobs)
        .where(and(isNotNull(fhirExportJobs.expiresAt), lt(fhirExportJobs.expiresAt, now)));
    },
    /** Jobs an instance started and never finished (it stopped): failed, so a client asks again. */
    failAbandoned: async (startedBefore: Date, now: Date, expiresAt: Date) => {
      await db
        .update(fhirExportJobs)
        .set({
          state: 'failed',
          error: 'The export was interrupted (the server stopped); start it again',
          completedAt: now,
          expiresAt,
        })
        .where(
          and(
            eq(fhirExportJobs.state, 'in-progress'),
            lt(fhirExportJobs.createdAt, startedBefore),
            isNull(fhirExportJobs.completedAt),
          ),
        );
    },
  };
}

export type FhirRepository = ReturnType<typeof createFhirRepository>;
