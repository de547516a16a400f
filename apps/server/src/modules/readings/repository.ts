import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { columnList, type Run, rowMapper, statement } from '../../db/prepared.ts';
import { patients, vitalReadings } from '../../db/schema.ts';

export type ReadingRow = typeof vitalReadings.$inferSelect;
export type NewReading = Omit<ReadingRow, 'id' | 'createdAt'>;
type PatientRow = typeof patients.$inferSelect;

/** Columns of the bulk insert and the reading field each comes from. */
const COLUMNS = [
  ['patient_id', 'patientId'],
  ['device_id', 'deviceId'],
  ['device_name', 'deviceName'],
  ['connection_type', 'connectionType'],
  ['reading_time', 'readingTime'],
  ['heart_rate', 'heartRate'],
  ['oxygen_level', 'oxygenLevel'],
  ['systolic_bp', 'systolicBP'],
  ['diastolic_bp', 'diastolicBP'],
  ['temperature', 'temperature'],
  ['respiratory_rate', 'respiratoryRate'],
  ['consciousness', 'consciousness'],
  ['on_supplemental_oxygen', 'onSupplementalOxygen'],
  ['battery_level', 'batteryLevel'],
  ['steps', 'steps'],
  ['sleep_hours', 'sleepHours'],
  ['recorded_by', 'recordedBy'],
] as const satisfies readonly (readonly [string, keyof NewReading])[];

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

const READING_COLUMNS = COLUMNS.map(([column]) => column).join(', ');
const toReadingRow = rowMapper(vitalReadings);
const toPatientRow = rowMapper(patients);
const PATIENT_COLUMNS = columnList(patients);

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
   * The whole batch as one JSON parameter (json_populate_recordset): one statement for any batch
   * size. A reading already stored for the same device and time is skipped. Only the keys come
   * back, times as epoch milliseconds (cheaper to read than timestamps).
   */
  insertReadings: statement(
    'ingest_insert_readings',
    `insert into vital_readings (${READING_COLUMNS}) select ${READING_COLUMNS}
     from json_populate_recordset(null::vital_readings, $1::json)
     on conflict (device_id, reading_time) do nothing
     returning id, patient_id, device_id,
       floor(extract(epoch from reading_time) * 1000)::float8 as reading_ms,
       floor(extract(epoch from created_at) * 1000)::float8 as created_ms`,
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
     * Stores the readings; returns, for each input row in order, the stored row, or null where it
     * was skipped as already stored. The stored row is the sent values with their new id.
     */
    async insertReadings(rows: NewReading[]): Promise<(ReadingRow | null)[]> {
      // Absent fields are left out of the JSON (json_populate_recordset reads them as NULL): a
      // typical device reading sets 3 of 17 columns, and the smaller document is parsed faster.
      const json = JSON.stringify(
        rows.map((r) => {
          const o: Record<string, unknown> = {};
          for (const [column, key] of COLUMNS) if (r[key] !== null) o[column] = r[key];
          return o;
        }),
      );
      const keys = await run<InsertedKey>(INGEST.insertReadings, [json]);
      const stored: (ReadingRow | null)[] = new Array(rows.length).fill(null);
      // Positions of the input rows by identity; identical rows are matched in order.
      const positions = new Map<string, number[]>();
      rows.forEach((r, i) => {
        const key = identity(r.patientId, r.deviceId, r.readingTime.getTime());
        const same = positions.get(key);
        if (same) same.push(i);
        else positions.set(key, [i]);
      });
      for (const k of keys) {
        const i = positions.get(identity(k.patient_id, k.device_id, Number(k.reading_ms)))!.shift()!;
        stored[i] = { ...rows[i]!, id: k.id, createdAt: new Date(Number(k.created_ms)) };
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
