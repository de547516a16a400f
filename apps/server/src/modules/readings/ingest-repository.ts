import { VITAL_SIGNS } from '@vigil/domain';
import { getTableColumns } from 'drizzle-orm';
import { columnList, epochMs, type Run, rowMapper, statement } from '../../db/prepared.ts';
import { simulatedDevices } from '../devices/reader.ts';
import { lockPatient, lockPatients, type PatientRow, toPatientRow } from '../patients/reader.ts';
import type { ReadingRow, SentReading, StoredKey } from './repository.ts';
import { vitalReadings } from './schema.ts';

// The ingest's own statements (decision 007): hand-written and prepared, run in its transaction.

/**
 * The columns the server sets itself: the id, when it was stored and by whom, whether it is kept for
 * the record's life (a person's observation is: the partition key), and its status and correction.
 */
const SET_BY_SERVER = new Set([
  'id',
  'createdAt',
  'recordedBy',
  'kept',
  'status',
  'correctedBy',
  'correctedAt',
  'correctionReason',
]);

/**
 * The reading fields the bulk insert takes from the request, by name: every column the server does
 * not set itself. The API names the fields as the schema does (heartRate, readingTime …), so the
 * validated request is the insert's JSON parameter as it is (`corrects` only ever comes from the
 * server's own correction: the API's schema has no such field).
 */
const SENT_COLUMNS = Object.entries(getTableColumns(vitalReadings)).filter(
  ([key]) => !SET_BY_SERVER.has(key),
);

const toReadingRow = rowMapper(vitalReadings);

const SENT_TARGETS = SENT_COLUMNS.map(([, c]) => `"${c.name}"`).join(', ');
const SENT_NAMES = SENT_COLUMNS.map(([key]) => `"${key}"`).join(', ');
const SENT_DEFINITION = SENT_COLUMNS.map(([key, c]) => `"${key}" ${c.getSQLType()}`).join(', ');

/** A reading's class: the one its device's link decides. */
const PROVENANCE = `case when x."deviceId" in (select device_id from simulated) then coalesce(x."provenanceIfSimulated", x.provenance) else x.provenance end`;

/** The insert's column list (then `kept`: a person's observation is kept for the record's life). */
const INSERTED_NAMES = [
  ...SENT_COLUMNS.map(([key]) => (key === 'provenance' ? PROVENANCE : `x."${key}"`)),
  `(${PROVENANCE}) = 'observation'`,
].join(', ');

/**
 * One statement: the batch's patients locked, then the whole batch inserted from one JSON parameter
 * (json_to_recordset, by the request's own field names), whatever its size.
 * - The patients ($3) are locked in id order, so concurrent ingests for a patient queue here. FOR NO
 *   KEY UPDATE does not conflict with the readings' foreign-key checks (FOR KEY SHARE). A reading
 *   for a patient that does not exist is not inserted; the caller refuses the batch.
 * - Which of the batch's devices ($4) have an active simulated link is read in the same statement,
 *   and returned: a reading of such a device is stored with the class it was given for that case
 *   (`provenanceIfSimulated`, decided by the domain as the other), and the caller classes it alike.
 * - The ids are drawn first, so they come back as one JSON array in batch order (null where a
 *   reading was skipped), with the time the readings are stored at (the transaction's).
 */
function lockAndInsertText(skipStored: boolean) {
  // Skipping stored readings, the ids of those inserted come back; otherwise every id drawn is
  // stored (or the statement fails), and the join is saved.
  const [onConflict, ids, from] = skipStored
    ? [
        'on conflict (patient_id, device_id, reading_time, kept) do nothing returning id',
        'ins.id',
        'x left join ins on ins.id = x.id',
      ]
    : ['', 'x.id', 'x'];
  return `with locked as materialized (
      ${lockPatients('$3::int[]')}
    ),
    simulated as materialized (
      ${simulatedDevices('$4::text[]')}
    ),
    x as materialized (
      select nextval('vital_readings_id_seq')::int as id, x.* -- the id column's own sequence (serial)
      from rows from (json_to_recordset($1::json) as (${SENT_DEFINITION}, "provenanceIfSimulated" text))
        with ordinality as x(${SENT_NAMES}, "provenanceIfSimulated", ord)
    ),
    ins as (
      insert into vital_readings (id, ${SENT_TARGETS}, kept, recorded_by)
      select x.id, ${INSERTED_NAMES}, $2::int from x where x."patientId" in (select id from locked)
      ${onConflict}
    )
    select (select json_agg(locked) from locked) as patients, json_agg(${ids} order by x.ord) as ids,
      (select json_agg(device_id) from simulated) as simulated, ${epochMs('now()')} as created_ms
    from ${from}`;
}

/** The request fields stored as they are sent (the keys, the time and the recorder are set apart). */
const COPIED_KEYS = SENT_COLUMNS.map(([key]) => key).filter(
  (key) => key !== 'patientId' && key !== 'readingTime',
) as (keyof SentReading & keyof ReadingRow)[];

/**
 * Every column of a stored reading, null. Each row built here starts as a copy of it, so every row
 * has one shape; a row given its fields one by one cost five times as much (a batch of 100 builds
 * 100).
 */
const NULL_READING: Readonly<Record<string, null>> = Object.fromEntries(
  Object.keys(getTableColumns(vitalReadings)).map((key) => [key, null]),
);

/** The stored row of a sent reading, as the history reads it back, without reading it back. */
export function storedReading(
  sent: SentReading,
  readingTime: Date,
  key: StoredKey,
  recordedBy: number | null,
): ReadingRow {
  const row: Record<string, unknown> = { ...NULL_READING };
  row.id = key.id;
  row.patientId = sent.patientId;
  for (const field of COPIED_KEYS) {
    const value = sent[field];
    if (value !== undefined && value !== null) row[field] = value;
  }
  // Sent as text, stored as timestamps.
  row.windowStart = sent.windowStart ? new Date(sent.windowStart) : null;
  row.windowEnd = sent.windowEnd ? new Date(sent.windowEnd) : null;
  row.readingTime = readingTime;
  row.recordedBy = recordedBy;
  row.createdAt = key.createdAt;
  row.kept = sent.provenance === 'observation';
  row.status = 'valid';
  return row as ReadingRow;
}

/** The ingest's statements: prepared once per connection (db/prepared.ts), run in its transaction. */
const INGEST = {
  claimKey: statement(
    'ingest_claim_key',
    `insert into idempotent_requests (key, status, response, request_hash) values ($1, 0, '{}', $2)
     on conflict do nothing returning key`,
  ),
  storedAnswer: statement(
    'ingest_stored_answer',
    'select response, request_hash from idempotent_requests where key = $1',
  ),
  storeAnswer: statement(
    'ingest_store_answer',
    'update idempotent_requests set status = 201, response = $2 where key = $1',
  ),
  /** The readings as new ones: a reading already stored (same device and time) fails it. */
  lockAndInsert: statement('ingest_lock_and_insert', lockAndInsertText(false)),
  /** The same, skipping readings already stored (a check per row first): for a batch with a resend. */
  lockAndInsertSkippingStored: statement('ingest_lock_and_insert_skipping_stored', lockAndInsertText(true)),
  findByDeviceTimes: statement(
    'ingest_find_by_device_times',
    `select ${columnList(vitalReadings, 'v')} from vital_readings v
     join json_to_recordset($1::json) as x(patient_id int, device_id text, reading_time timestamptz)
       on v.patient_id = x.patient_id and v.device_id = x.device_id and v.reading_time = x.reading_time`,
  ),
};

/** Each vital sign's latest valid value of a patient that counts ($2: the classes that count). */
const FALLBACKS = statement(
  'correction_fallbacks',
  `select json_build_object(${VITAL_SIGNS.map((v) => {
    const column = `"${getTableColumns(vitalReadings)[v.readingField].name}"`;
    return `'${v.key}', (select json_build_object('value', r.${column}, 'readingTime', r.reading_time,
        'provenance', r.provenance, 'deviceName', r.device_name)
      from vital_readings r where r.patient_id = $1 and r.status = 'valid' and r.provenance = any($2::text[])
        and r.${column} is not null
      order by r.reading_time desc, r.id desc limit 1)`;
  }).join(', ')}) as fallbacks`,
);

/** The statements a correction runs in its transaction (decision 029). */
export function correctionStatements(run: Run) {
  return {
    /** The patient, locked as the ingest locks it; undefined when there is none. */
    async lockPatient(patientId: number): Promise<PatientRow | undefined> {
      const [row] = await run(LOCK_PATIENT, [patientId]);
      return row && toPatientRow(row);
    },
    /** One of the patient's readings, locked; undefined when the patient has no such reading. */
    async lockReading(patientId: number, readingId: number): Promise<ReadingRow | undefined> {
      const [row] = await run(LOCK_READING, [readingId, patientId]);
      return row && toReadingRow(row);
    },
    async markEnteredInError(
      patientId: number,
      readingId: number,
      by: number | null,
      at: Date,
      reason: string,
    ): Promise<ReadingRow> {
      const [row] = await run(MARK_ENTERED_IN_ERROR, [readingId, patientId, by, at.toISOString(), reason]);
      return toReadingRow(row!);
    },
    /** Each vital sign's latest valid value that counts for the patient, with its reading. */
    async fallbacks(patientId: number, classes: readonly string[]) {
      const [row] = await run<{ fallbacks: Record<string, Record<string, unknown> | null> }>(FALLBACKS, [
        patientId,
        classes,
      ]);
      return Object.fromEntries(
        Object.entries(row?.fallbacks ?? {}).flatMap(([key, found]) =>
          found
            ? [
                [
                  key,
                  {
                    value: found.value,
                    readingTime: new Date(found.readingTime as string),
                    provenance: found.provenance as ReadingRow['provenance'],
                    deviceName: (found.deviceName as string | null) ?? null,
                  },
                ],
              ]
            : [],
        ),
      );
    },
  };
}

const LOCK_PATIENT = statement('correction_lock_patient', lockPatient('$1'));
const LOCK_READING = statement(
  'correction_lock_reading',
  `select ${columnList(vitalReadings)} from vital_readings where id = $1 and patient_id = $2 for update`,
);
const MARK_ENTERED_IN_ERROR = statement(
  'correction_mark',
  `update vital_readings set status = 'entered-in-error', corrected_by = $3, corrected_at = $4,
     correction_reason = $5
   where id = $1 and patient_id = $2 returning ${columnList(vitalReadings)}`,
);

/** The statements of the ingest transaction; `run` runs them in it. */
export function ingestStatements(run: Run) {
  return {
    /**
     * Locks the batch's patients and stores the readings (validated request objects, each with its
     * class, and the class it takes when its device's active link is simulated where that differs).
     * Returns the patients as locked (a missing one means no such patient, and then nothing was
     * stored), the batch's devices whose active link is simulated and, for each reading in order,
     * its new id and creation time, or null where it was skipped as already stored. Unless
     * `skipStored`, a reading already stored fails the statement (a unique violation).
     */
    async lockAndInsert(
      readings: readonly (SentReading & { provenanceIfSimulated?: string })[],
      recordedBy: number | null,
      skipStored: boolean,
    ): Promise<{ patients: PatientRow[]; simulated: Set<string>; keys: (StoredKey | null)[] }> {
      const patientIds = [...new Set(readings.map((r) => r.patientId))];
      const deviceIds = [...new Set(readings.flatMap((r) => (r.deviceId ? [r.deviceId] : [])))];
      const [row] = await run<{
        patients: unknown[] | null;
        ids: (number | null)[];
        simulated: string[] | null;
        created_ms: number;
      }>(skipStored ? INGEST.lockAndInsertSkippingStored : INGEST.lockAndInsert, [
        JSON.stringify(readings),
        recordedBy,
        patientIds,
        deviceIds,
      ]);
      const createdAt = new Date(row!.created_ms);
      return {
        patients: (row!.patients ?? []).map((p) => toPatientRow(p as Record<string, unknown>)),
        simulated: new Set(row!.simulated ?? []),
        keys: row!.ids.map((id) => (id === null ? null : { id, createdAt })),
      };
    },

    /** Stored readings for (patientId, deviceId, readingTime): what a resend refers to. */
    async findByDeviceTimes(
      keys: { patientId: number; deviceId: string; readingTime: string }[],
    ): Promise<ReadingRow[]> {
      if (keys.length === 0) return [];
      const json = JSON.stringify(
        keys.map((k) => ({ patient_id: k.patientId, device_id: k.deviceId, reading_time: k.readingTime })),
      );
      return (await run(INGEST.findByDeviceTimes, [json])).map(toReadingRow);
    },

    /**
     * Claims an idempotency key for a request (`requestHash`: its body's digest); false when it was
     * claimed before (its stored answer stands).
     */
    async claimKey(key: string, requestHash: string): Promise<boolean> {
      return (await run(INGEST.claimKey, [key, requestHash])).length > 0;
    },

    /** The answer stored for a key and the digest of the request it answered (null before digests). */
    async storedAnswer(key: string): Promise<{ response: unknown; requestHash: string | null } | undefined> {
      const [row] = await run<{ response: unknown; request_hash: string | null }>(INGEST.storedAnswer, [key]);
      return row && { response: row.response, requestHash: row.request_hash };
    },

    async storeAnswer(key: string, response: unknown): Promise<void> {
      await run(INGEST.storeAnswer, [key, JSON.stringify(response)]);
    },
  };
}
