import { and, asc, desc, eq, getTableColumns, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { columnList, epochMs, type Run, rowMapper, statement } from '../../db/prepared.ts';
import { patients, vitalReadings } from '../../db/schema.ts';

export type ReadingRow = typeof vitalReadings.$inferSelect;
/** A reading as the request sends it: the stored fields, absent or null where not measured. */
export type SentReading = { patientId: number; readingTime: string } & {
  [K in Exclude<keyof ReadingRow, 'id' | 'createdAt' | 'recordedBy' | 'patientId' | 'readingTime'>]?:
    | ReadingRow[K]
    | undefined;
};
/** What the bulk insert gives a stored reading. */
export interface StoredKey {
  id: number;
  createdAt: Date;
}
type PatientRow = typeof patients.$inferSelect;

/**
 * The reading fields the bulk insert takes from the request, by name: every column but the keys,
 * the time stored and who recorded it. The API names the fields as the schema does (heartRate,
 * readingTime …), so the validated request is the insert's JSON parameter as it is.
 */
const SENT_COLUMNS = Object.entries(getTableColumns(vitalReadings)).filter(
  ([key]) => key !== 'id' && key !== 'createdAt' && key !== 'recordedBy',
);

const identity = (patientId: number, deviceId: string | null, timeMs: number) =>
  `${patientId}|${deviceId ?? ''}|${timeMs}`;

export function createReadingRepository(db: Db) {
  return {
    /** Readings of one patient in [from, to], oldest first (the trend's input). */
    between(patientId: number, from: Date, to: Date): Promise<ReadingRow[]> {
      return db
        .select()
        .from(vitalReadings)
        .where(
          and(
            eq(vitalReadings.patientId, patientId),
            gte(vitalReadings.readingTime, from),
            lte(vitalReadings.readingTime, to),
          ),
        )
        .orderBy(asc(vitalReadings.readingTime))
        .limit(2000);
    },

    /** Newest first, strictly before the (readingTime, id) cursor and at or after `since` when given. */
    page(
      patientId: number,
      limit: number,
      before: { time: Date; id: number } | null,
      since: Date | null,
    ): Promise<ReadingRow[]> {
      return db
        .select()
        .from(vitalReadings)
        .where(
          and(
            eq(vitalReadings.patientId, patientId),
            before
              ? sql`(${vitalReadings.readingTime}, ${vitalReadings.id}) < (${before.time.toISOString()}::timestamptz, ${before.id})`
              : undefined,
            since ? gte(vitalReadings.readingTime, since) : undefined,
          ),
        )
        .orderBy(desc(vitalReadings.readingTime), desc(vitalReadings.id))
        .limit(limit);
    },
  };
}

export type ReadingRepository = ReturnType<typeof createReadingRepository>;

const toReadingRow = rowMapper(vitalReadings);
const toPatientRow = rowMapper(patients);
const PATIENT_COLUMNS = columnList(patients);

const SENT_TARGETS = SENT_COLUMNS.map(([, c]) => `"${c.name}"`).join(', ');
const SENT_NAMES = SENT_COLUMNS.map(([key]) => `"${key}"`).join(', ');
const SENT_DEFINITION = SENT_COLUMNS.map(([key, c]) => `"${key}" ${c.getSQLType()}`).join(', ');

/** The ingest's statements: prepared once per connection (db/prepared.ts), run in its transaction. */
const INGEST = {
  claimKey: statement(
    'ingest_claim_key',
    `insert into idempotent_requests (key, status, response) values ($1, 0, '{}')
     on conflict do nothing returning key`,
  ),
  storedAnswer: statement('ingest_stored_answer', 'select response from idempotent_requests where key = $1'),
  storeAnswer: statement(
    'ingest_store_answer',
    'update idempotent_requests set status = 201, response = $2 where key = $1',
  ),
  /**
   * The whole batch as one JSON parameter (json_to_recordset, the request's own field names): one
   * statement for any batch size. The ids are drawn first, so they come back as one JSON array in
   * the order of the batch, with the time they are stored at (the transaction's). A reading already
   * stored for the same device and time fails it (a unique violation).
   */
  insertReadings: statement(
    'ingest_insert_readings',
    `with x as materialized (
       select nextval('vital_readings_id_seq')::int as id, x.*
       from rows from (json_to_recordset($1::json) as (${SENT_DEFINITION}))
         with ordinality as x(${SENT_NAMES}, ord)
     ),
     ins as (
       insert into vital_readings (id, ${SENT_TARGETS}, recorded_by)
       select id, ${SENT_NAMES}, $2::int from x
     )
     select json_agg(id order by ord) as ids, ${epochMs('now()')} as created_ms from x`,
  ),
  /**
   * The same, skipping a reading already stored for the same device and time (at the cost of a
   * check per row before its insert): for a batch that holds a resend. Its keys come back per row.
   */
  insertReadingsSkippingStored: statement(
    'ingest_insert_readings_skipping_stored',
    `insert into vital_readings (${SENT_TARGETS}, recorded_by)
     select ${SENT_NAMES}, $2::int from json_to_recordset($1::json) as x(${SENT_DEFINITION})
     on conflict (device_id, reading_time) do nothing
     returning id, patient_id, device_id,
       ${epochMs('reading_time')} as reading_ms, ${epochMs('created_at')} as created_ms`,
  ),
  findByDeviceTimes: statement(
    'ingest_find_by_device_times',
    `select ${columnList(vitalReadings, 'v')} from vital_readings v
     join json_to_recordset($1::json) as x(device_id text, reading_time timestamptz)
       on v.device_id = x.device_id and v.reading_time = x.reading_time`,
  ),
  /** In id order, so concurrent batches naming the same patients cannot deadlock. */
  lockPatients: statement(
    'ingest_lock_patients',
    `select ${PATIENT_COLUMNS} from patients where id = any($1::int[]) order by id for update`,
  ),
  /** A null parameter leaves the field as it is. */
  updatePatientVitals: statement(
    'ingest_update_patient_vitals',
    `update patients set
       pulse = coalesce($2, pulse), oxygen_level = coalesce($3, oxygen_level),
       systolic_bp = coalesce($4, systolic_bp), diastolic_bp = coalesce($5, diastolic_bp),
       temperature = coalesce($6, temperature), respiratory_rate = coalesce($7, respiratory_rate),
       consciousness = coalesce($8, consciousness),
       on_supplemental_oxygen = coalesce($9, on_supplemental_oxygen), last_updated = $10
     where id = $1 returning ${PATIENT_COLUMNS}`,
  ),
};

/** What the bulk insert returns per stored row. */
interface InsertedKey {
  id: number;
  patient_id: number;
  device_id: string | null;
  reading_ms: number;
  created_ms: number;
}

/** The vital signs a reading sets on its patient; null where the reading does not carry one. */
export type VitalsPatch = Pick<
  PatientRow,
  | 'pulse'
  | 'oxygenLevel'
  | 'systolicBP'
  | 'diastolicBP'
  | 'temperature'
  | 'respiratoryRate'
  | 'consciousness'
  | 'onSupplementalOxygen'
>;

/** The statements of the ingest transaction; `run` runs them in it. */
export function ingestStatements(run: Run) {
  return {
    /**
     * Stores the readings (validated request objects; `times` their readingTime in epoch ms);
     * returns, for each in order, its new id and creation time, or null where it was skipped as
     * already stored. Unless `skipStored`, a reading already stored fails the statement.
     */
    async insertReadings(
      readings: readonly SentReading[],
      times: readonly number[],
      recordedBy: number | null,
      skipStored: boolean,
    ): Promise<(StoredKey | null)[]> {
      const json = JSON.stringify(readings);
      if (!skipStored) {
        const [row] = await run<{ ids: number[]; created_ms: number }>(INGEST.insertReadings, [
          json,
          recordedBy,
        ]);
        const createdAt = new Date(row!.created_ms);
        return row!.ids.map((id) => ({ id, createdAt }));
      }
      const keys = await run<InsertedKey>(INGEST.insertReadingsSkippingStored, [json, recordedBy]);
      const stored: (StoredKey | null)[] = new Array(readings.length).fill(null);
      // Positions of the input rows by identity; identical rows are matched in order.
      const positions = new Map<string, number[]>();
      readings.forEach((r, i) => {
        const key = identity(r.patientId, r.deviceId ?? null, times[i]!);
        const same = positions.get(key);
        if (same) same.push(i);
        else positions.set(key, [i]);
      });
      for (const k of keys) {
        const i = positions.get(identity(k.patient_id, k.device_id, k.reading_ms))!.shift()!;
        stored[i] = { id: k.id, createdAt: new Date(k.created_ms) };
      }
      return stored;
    },

    /** Stored readings for (deviceId, readingTime) pairs: what a resend refers to. */
    async findByDeviceTimes(pairs: { deviceId: string; readingTime: Date }[]): Promise<ReadingRow[]> {
      if (pairs.length === 0) return [];
      const json = JSON.stringify(pairs.map((p) => ({ device_id: p.deviceId, reading_time: p.readingTime })));
      return (await run(INGEST.findByDeviceTimes, [json])).map(toReadingRow);
    },

    /** The patient rows, locked until commit so concurrent ingests apply in order. */
    async lockPatients(ids: number[]): Promise<PatientRow[]> {
      return (await run(INGEST.lockPatients, [ids])).map(toPatientRow);
    },

    async updatePatientVitals(
      id: number,
      patch: Partial<VitalsPatch>,
      lastUpdated: Date,
    ): Promise<PatientRow> {
      const [row] = await run(INGEST.updatePatientVitals, [
        id,
        patch.pulse ?? null,
        patch.oxygenLevel ?? null,
        patch.systolicBP ?? null,
        patch.diastolicBP ?? null,
        patch.temperature ?? null,
        patch.respiratoryRate ?? null,
        patch.consciousness ?? null,
        patch.onSupplementalOxygen ?? null,
        lastUpdated.toISOString(),
      ]);
      return toPatientRow(row!);
    },

    /** Claims an idempotency key; false when it was claimed before (its stored answer stands). */
    async claimKey(key: string): Promise<boolean> {
      return (await run(INGEST.claimKey, [key])).length > 0;
    },

    async storedAnswer(key: string): Promise<unknown> {
      const [row] = await run<{ response: unknown }>(INGEST.storedAnswer, [key]);
      return row?.response;
    },

    async storeAnswer(key: string, response: unknown): Promise<void> {
      await run(INGEST.storeAnswer, [key, JSON.stringify(response)]);
    },
  };
}
