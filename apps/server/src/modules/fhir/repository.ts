import { NEWS2_VITAL_SIGNS } from '@vigil/domain';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type DeviceLinkRow, deviceLinkRecords } from '../devices/reader.ts';
import { type PatientRow, patientRecords, scaleChanges } from '../patients/reader.ts';
import { type ReadingRow, readingRecords } from '../readings/reader.ts';
import { BP_COMPONENTS, SINGLE_VITAL_OBSERVATIONS } from './codes.ts';
import { exportedProvenances } from './provenance.ts';
import type { ObservationCursor, SortOrder } from './search.ts';

// The patients, readings and device links are other modules' tables: read as their owners' readers
// give them, joined into these queries (decision 041).
const patients = patientRecords('p');
const vitalReadings = readingRecords('r');
const deviceLinks = deviceLinkRecords('l');

export type FhirPatientRow = Pick<PatientRow, 'id' | 'name' | 'lastUpdated' | 'spo2Scale'>;
/**
 * A reading with the NEWS2 SpO2 scale in force when it was measured and the device link (FHIR
 * Device id) of its device for its patient, if any. The row is the table's, whatever columns it
 * gains (the mappers read the ones they know: mappers.ts `ReadingForFhir`).
 */
export type FhirReadingRow = ReadingRow & {
  spo2Scale: number;
  deviceLinkId: number | null;
  /** reading_time in microseconds since 1970, exactly as stored (a page cursor's time). */
  readingTimeUs: number;
};
/** A device link with what its device measured last (its FHIR Device.type). */
export type FhirDeviceRow = DeviceLinkRow & { measures: DeviceMeasures | null };
export type DeviceMeasures = 'oxygen-saturation' | 'blood-pressure' | 'temperature' | 'other';

const patientColumns = {
  id: patients.id,
  name: patients.name,
  lastUpdated: patients.lastUpdated,
  spo2Scale: patients.spo2Scale,
  wardId: patients.wardId,
};

/**
 * The NEWS2 SpO2 scale in force when a reading was measured (readings store none): the scale the
 * patient's latest change before it set; before any change, the scale the first change after it
 * replaced; with no change recorded, the patient's scale now.
 */
const scaleWhenMeasured = sql<number>`coalesce(
  (select c.to_scale from ${scaleChanges('c')}
    where c.patient_id = ${vitalReadings.patientId} and c.changed_at <= ${vitalReadings.readingTime}
    order by c.changed_at desc, c.id desc limit 1),
  (select c.from_scale from ${scaleChanges('c')}
    where c.patient_id = ${vitalReadings.patientId} and c.changed_at > ${vitalReadings.readingTime}
    order by c.changed_at, c.id limit 1),
  ${patients.spo2Scale})`;

/**
 * What a reading must hold to give each Observation kind (mappers' id suffixes): its vital's value,
 * either of the blood pressures, or every value NEWS2 scores (catalogue rows).
 */
const KIND_CONDITION: Record<string, () => SQL> = {
  ...Object.fromEntries(
    SINGLE_VITAL_OBSERVATIONS.map((v) => [
      v.suffix,
      () => isNotNull(vitalReadings[v.catalogue.readingField]),
    ]),
  ),
  'blood-pressure': () => or(...BP_COMPONENTS.map((v) => isNotNull(vitalReadings[v.readingField])))!,
  news2: () => and(...NEWS2_VITAL_SIGNS.map((v) => isNotNull(vitalReadings[v.readingField])))!,
};

/** The device link of a reading's device for its patient (the latest), as FHIR `Device/{id}`. */
const deviceLinkOf = sql<number | null>`(select dl.id from ${deviceLinkRecords('dl')}
  where dl.patient_id = ${vitalReadings.patientId} and dl.device_id = ${vitalReadings.deviceId}
  order by dl.linked_at desc, dl.id desc limit 1)`;

/** A time in microseconds since 1970, exactly (a JavaScript Date keeps milliseconds). */
const microseconds = (column: typeof vitalReadings.readingTime) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint`.mapWith(Number);
const fromMicroseconds = (us: number) =>
  sql`(timestamptz 'epoch' + ${us}::float8 * interval '1 microsecond')`;

const readingColumns = {
  reading: vitalReadings._.selectedFields,
  spo2Scale: scaleWhenMeasured,
  deviceLinkId: deviceLinkOf,
  readingTimeUs: microseconds(vitalReadings.readingTime),
};

export interface ReadingFilter {
  patientId?: number;
  /** The wards whose patients a person may see (issue 43); absent: every ward. */
  wardIds?: readonly number[];
  /** The patients of a Group (an export of the ward). */
  patientIds?: readonly number[];
  kinds: ReadonlySet<string>;
  /** Categories the Observations must have (each a list of alternatives); applied after mapping. */
  categories?: string[][];
  /** FHIR statuses the Observations must have (alternatives); applied after mapping. */
  statuses?: string[];
  from?: Date;
  to?: Date;
  /** Stored at or after (Bulk Data and $everything `_since`, `_lastUpdated` ge/gt). */
  storedSince?: Date;
  /** Stored before (`_lastUpdated` lt/le). */
  storedBefore?: Date;
}

/** The conditions of a reading filter, but the cursor's. */
function readingConditions(filter: ReadingFilter): (SQL | undefined)[] {
  // Demo patients' readings are left out by a filter, not a join: a join with patients would lose
  // the order of the (patient, time) index and make every page sort all of a patient's readings.
  const conditions: (SQL | undefined)[] = [
    sql`${vitalReadings.patientId} not in (select ${patients.id} from ${patients} where ${patients.isDemo})`,
  ];
  if (filter.patientId !== undefined) conditions.push(eq(vitalReadings.patientId, filter.patientId));
  if (filter.patientIds) {
    conditions.push(
      inArray(vitalReadings.patientId, filter.patientIds.length ? [...filter.patientIds] : [0]),
    );
  }
  if (filter.wardIds) {
    conditions.push(
      sql`${vitalReadings.patientId} in (select ${patients.id} from ${patients} where ${inArray(patients.wardId, wardList(filter.wardIds))})`,
    );
  }
  if (filter.from) conditions.push(gte(vitalReadings.readingTime, filter.from));
  if (filter.to) conditions.push(lt(vitalReadings.readingTime, filter.to));
  if (filter.storedSince) conditions.push(gte(vitalReadings.createdAt, filter.storedSince));
  if (filter.storedBefore) conditions.push(lt(vitalReadings.createdAt, filter.storedBefore));
  const kinds = [...filter.kinds].map((k) => KIND_CONDITION[k]!());
  conditions.push(kinds.length > 0 ? or(...kinds) : sql`false`);
  return conditions;
}

export interface PatientFilter {
  ids?: number[];
  /** The wards whose patients a person may see (issue 43); absent: every ward. */
  wardIds?: readonly number[];
  /** A word of the name starts with it (`name`). */
  name?: string;
  /** The last word of the name starts with it (`family`), or another word (`given`). */
  family?: string;
  given?: string;
  since?: Date;
  before?: Date;
}

export interface DeviceFilter {
  id?: number;
  /** The wards whose patients a person may see (issue 43); absent: every ward. */
  wardIds?: readonly number[];
  patientId?: number;
  patientIds?: readonly number[];
  /** The devices' own ids (`identifier`). */
  deviceIds?: readonly string[];
  since?: Date;
}

/** A ward list for `in (…)`: none matches no ward (ids start at 1). */
const wardList = (wardIds: readonly number[]) => (wardIds.length ? [...wardIds] : [0]);

const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function patientConditions(filter: PatientFilter): SQL[] {
  const conditions: SQL[] = [eq(patients.isDemo, false)];
  if (filter.ids) conditions.push(inArray(patients.id, filter.ids.length ? filter.ids : [0]));
  if (filter.wardIds) conditions.push(inArray(patients.wardId, wardList(filter.wardIds)));
  // Words as toFhirPatient splits a name: the last of several is the family name, the rest given.
  const name = sql`regexp_replace(lower(trim(${patients.name})), '\\s+', ' ', 'g')`;
  const words = (prefix: string, of: SQL) => sql`(${of} like ${prefix} or ${of} like ${`% ${prefix}`})`;
  if (filter.name) conditions.push(words(likePrefix(filter.name), name));
  if (filter.family) {
    conditions.push(
      sql`(${name} ~ ' ' and regexp_replace(${name}, '^.* ', '') like ${likePrefix(filter.family)})`,
    );
  }
  if (filter.given) {
    const given = sql`(case when ${name} ~ ' ' then regexp_replace(${name}, ' [^ ]*$', '') else ${name} end)`;
    conditions.push(words(likePrefix(filter.given), given));
  }
  if (filter.since) conditions.push(gte(patients.lastUpdated, filter.since));
  if (filter.before) conditions.push(lt(patients.lastUpdated, filter.before));
  return conditions;
}

const toReadingRow = (r: {
  reading: ReadingRow;
  spo2Scale: number;
  deviceLinkId: number | null;
  readingTimeUs: number;
}): FhirReadingRow => ({
  ...r.reading,
  spo2Scale: r.spo2Scale,
  deviceLinkId: r.deviceLinkId,
  readingTimeUs: r.readingTimeUs,
});

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
    patients(filter: PatientFilter & { afterId?: number; limit: number }) {
      return db
        .select(patientColumns)
        .from(patients)
        .where(
          and(...patientConditions(filter), filter.afterId ? gt(patients.id, filter.afterId) : undefined),
        )
        .orderBy(asc(patients.id))
        .limit(filter.limit);
    },

    async countPatients(filter: PatientFilter): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(patients)
        .where(and(...patientConditions(filter)));
      return row?.n ?? 0;
    },

    /** When any patient last changed (an admission, a discharge): the ward Group's version. */
    async patientsLastUpdated(): Promise<Date> {
      const [row] = await db
        .select({ at: sql<string | null>`max(${patients.lastUpdated})` })
        .from(patients)
        .where(eq(patients.isDemo, false));
      return row?.at ? new Date(row.at) : new Date(0);
    },

    /** The patients on the ward now (admitted, not discharged): the members of the ward's Group. */
    async wardPatientIds(): Promise<number[]> {
      const rows = await db
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.isDemo, false), isNull(patients.dischargedAt)))
        .orderBy(asc(patients.id));
      return rows.map((r) => r.id);
    },

    /** Readings that can give an Observation of the wanted kinds, in time order from the cursor. */
    async readings(
      filter: ReadingFilter,
      order: SortOrder,
      cursor: ObservationCursor | undefined,
      limit: number,
      /** Start after the cursor's reading (a Provenance page), not at it. */
      options: { after?: boolean } = {},
    ) {
      const conditions = readingConditions(filter);
      if (cursor) {
        // The cursor's own reading is read again (the page may have ended inside its Observations),
        // unless the page starts after it.
        const op = sql.raw(order === 'asc' ? (options.after ? '>' : '>=') : options.after ? '<' : '<=');
        const at = fromMicroseconds(cursor.time);
        // The plain bound on the time lets the (patient, time) index start at the cursor; the row
        // comparison then orders readings of one instant by id.
        conditions.push(
          order === 'asc'
            ? sql`${vitalReadings.readingTime} >= ${at} and (${vitalReadings.readingTime}, ${vitalReadings.id}) ${op} (${at}, ${cursor.readingId})`
            : sql`${vitalReadings.readingTime} <= ${at} and (${vitalReadings.readingTime}, ${vitalReadings.id}) ${op} (${at}, ${cursor.readingId})`,
        );
      }
      const direction = order === 'asc' ? asc : desc;
      // In the index's own terms (reading_time DESC NULLS LAST, or that scanned backwards): another
      // NULLS ordering, although the column holds no null, keeps the planner from using it.
      const byTime =
        order === 'asc'
          ? sql`${vitalReadings.readingTime} asc nulls first`
          : sql`${vitalReadings.readingTime} desc nulls last`;
      // Where the page ends in time: the limit-th reading in time order alone, which the (patient,
      // time) index answers without sorting the patient's readings. The page is then the readings
      // up to that instant (all of its ties) in (time, id) order: a sort of about one page.
      const [end] = await db
        .select({ us: microseconds(vitalReadings.readingTime) })
        .from(vitalReadings)
        .where(and(...conditions))
        .orderBy(byTime)
        .offset(limit - 1)
        .limit(1);
      if (end) {
        const at = fromMicroseconds(end.us);
        conditions.push(
          order === 'asc'
            ? sql`${vitalReadings.readingTime} <= ${at}`
            : sql`${vitalReadings.readingTime} >= ${at}`,
        );
      }
      // The page's readings first, then their columns: the per-reading subqueries (the SpO2 scale,
      // the device link) run for the page only, never for every reading the sort passes over.
      const page = await db
        .select({ id: vitalReadings.id })
        .from(vitalReadings)
        .where(and(...conditions))
        .orderBy(byTime, direction(vitalReadings.id))
        .limit(limit);
      if (page.length === 0) return [];
      const rows = await db
        .select(readingColumns)
        .from(vitalReadings)
        .innerJoin(patients, eq(patients.id, vitalReadings.patientId))
        // One array parameter, not one per id: the statement's text is the same for every page size.
        .where(sql`${vitalReadings.id} = any(${sql.param(page.map((r) => r.id))}::int[])`);
      const byId = new Map(rows.map((r) => [r.reading.id, toReadingRow(r)]));
      return page.flatMap((r) => byId.get(r.id) ?? []);
    },

    /**
     * How many Observations a filter gives (`_total=accurate`, `_summary=count`): per kind, the
     * readings that give one, counting only provenances that are exported (and, with a category or
     * status asked, only those whose Observations carry it).
     */
    async countObservations(filter: ReadingFilter): Promise<number> {
      const parts = [...filter.kinds].map((kind) => {
        const provenances = exportedProvenances({
          kind,
          ...(filter.categories ? { categories: filter.categories } : {}),
          ...(filter.statuses ? { statuses: filter.statuses } : {}),
        });
        return provenances.length === 0
          ? sql`0`
          : sql`count(*) filter (where ${KIND_CONDITION[kind]!()} and ${inArray(vitalReadings.provenance, provenances)})`;
      });
      if (parts.length === 0) return 0;
      const [row] = await db
        .select({ n: sql<number>`(${sql.join(parts, sql` + `)})::int` })
        .from(vitalReadings)
        .where(and(...readingConditions(filter)));
      return row?.n ?? 0;
    },

    reading: async (id: number): Promise<FhirReadingRow | undefined> => {
      const [row] = await db
        .select(readingColumns)
        .from(vitalReadings)
        .innerJoin(patients, eq(patients.id, vitalReadings.patientId))
        .where(and(eq(vitalReadings.id, id), eq(patients.isDemo, false)));
      return row && toReadingRow(row);
    },

    /** Linked devices, in id order after `afterId` (at most `limit`). */
    async devices(filter: DeviceFilter & { afterId?: number; limit?: number }): Promise<FhirDeviceRow[]> {
      const conditions: SQL[] = [eq(patients.isDemo, false)];
      if (filter.id !== undefined) conditions.push(eq(deviceLinks.id, filter.id));
      if (filter.wardIds) conditions.push(inArray(patients.wardId, wardList(filter.wardIds)));
      if (filter.patientId !== undefined) conditions.push(eq(deviceLinks.patientId, filter.patientId));
      if (filter.patientIds) {
        conditions.push(
          inArray(deviceLinks.patientId, filter.patientIds.length ? [...filter.patientIds] : [0]),
        );
      }
      if (filter.deviceIds) {
        conditions.push(
          inArray(deviceLinks.deviceId, filter.deviceIds.length ? [...filter.deviceIds] : ['']),
        );
      }
      if (filter.since) conditions.push(gte(deviceLinks.stateChangedAt, filter.since));
      if (filter.afterId) conditions.push(gt(deviceLinks.id, filter.afterId));
      // What the device measured in its latest reading for this patient: its kind of device.
      const measures = sql<DeviceMeasures | null>`(select case
          when r.oxygen_level is not null then 'oxygen-saturation'
          when r.systolic_bp is not null or r.diastolic_bp is not null then 'blood-pressure'
          when r.temperature is not null then 'temperature'
          else 'other' end
        from ${readingRecords('r')}
        where r.patient_id = ${deviceLinks.patientId} and r.device_id = ${deviceLinks.deviceId}
        order by r.reading_time desc limit 1)`;
      const query = db
        .select({ link: deviceLinks._.selectedFields, measures })
        .from(deviceLinks)
        .innerJoin(patients, eq(patients.id, deviceLinks.patientId))
        .where(and(...conditions))
        .orderBy(asc(deviceLinks.id));
      const rows = await (filter.limit ? query.limit(filter.limit) : query);
      return rows.map((r) => ({ ...r.link, measures: r.measures }));
    },
  };
}

export type FhirRepository = ReturnType<typeof createFhirRepository>;
