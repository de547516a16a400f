import { CONSCIOUSNESS_LEVELS, READING_PROVENANCES, READING_STATUSES } from '@vigil/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';
import { patients } from '../patients/schema.ts';

// Every vital reading, their summaries per minute and five minutes, and idempotent ingest answers: the
// tables this module owns, and only its files write them (decision 036).

/**
 * Spec "Cloud reading": every vital reading, whatever its source: the patient's history, complete
 * (decision 029). Partitioned in the database (not described to Drizzle): by `kept` (a person's
 * observations, kept for the record's life, and the device readings retention pins), the stream
 * partition again by day of `readingTime`, so old raw device data is dropped a day at a time.
 */
export const vitalReadings = pgTable(
  'vital_readings',
  {
    id: serial('id').notNull(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    deviceId: text('device_id'),
    deviceName: text('device_name'),
    connectionType: text('connection_type'),
    readingTime: ts('reading_time').notNull(),
    heartRate: integer('heart_rate'),
    oxygenLevel: integer('oxygen_level'),
    systolicBP: integer('systolic_bp'),
    diastolicBP: integer('diastolic_bp'),
    temperature: integer('temperature'),
    /** Skin temperature, tenths of °F (a wearable's; never core temperature, not in NEWS2; decision 011). */
    skinTemperature: integer('skin_temperature'),
    respiratoryRate: integer('respiratory_rate'),
    consciousness: text('consciousness', { enum: CONSCIOUSNESS_LEVELS }),
    onSupplementalOxygen: boolean('on_supplemental_oxygen'),
    batteryLevel: integer('battery_level'),
    steps: integer('steps'),
    sleepHours: real('sleep_hours'),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Where the reading comes from, decided by the ingest (domain `classifyReading`, decision 014). */
    provenance: text('provenance', { enum: READING_PROVENANCES }).notNull(),
    /** The past window a wearable summary describes (last night's sleep); null for a point in time. */
    windowStart: ts('window_start'),
    windowEnd: ts('window_end'),
    /**
     * Kept for the life of the record (the partition key): a person's observation always (a check
     * holds it), a device reading once retention pins it; otherwise raw device data, summarised and
     * dropped after `DEVICE_READINGS_RETENTION_DAYS` (decision 029).
     */
    kept: boolean('kept').notNull().default(false),
    /** FHIR Observation status: `valid`, or `entered-in-error` once a person corrected it. */
    status: text('status', { enum: READING_STATUSES }).notNull().default('valid'),
    /** The reading this one corrects (its values replace that reading's, at the same time). */
    corrects: integer('corrects'),
    /** Who marked this reading entered in error, when, and why. */
    correctedBy: integer('corrected_by').references(() => users.id, { onDelete: 'set null' }),
    correctedAt: ts('corrected_at'),
    correctionReason: text('correction_reason'),
  },
  (t) => [
    primaryKey({ name: 'vital_readings_pkey', columns: [t.id, t.kept, t.readingTime] }),
    index('vital_readings_patient_time_idx').on(t.patientId, t.readingTime.desc()),
    // Dedupe: one reading per patient, device and instant (a resent reading is stored once); a
    // reading's identity is its patient and source, so no sender can collide with another patient's.
    uniqueIndex('vital_readings_patient_device_time_uq').on(t.patientId, t.deviceId, t.readingTime, t.kept),
    check('vital_readings_observation_kept', sql`${t.kept} or ${t.provenance} <> 'observation'`),
  ],
);

/**
 * Per-minute summaries of the raw readings that are not kept (device, wearable, simulation and demo
 * data), per patient, vital sign and class: what trends read beyond an hour, and what remains of raw
 * device data after retention (decision 029). Values in the vital's stored unit; ACVPU as its index
 * in the catalogue's choices (A 0 … U 4), air or oxygen as 0 or 1, so the maximum is the worst.
 */
/** The columns of a summary of readings over a period starting at `column` (a minute, five). */
const summaryColumns = (column: string) => ({
  patientId: integer('patient_id')
    .notNull()
    .references(() => patients.id, { onDelete: 'cascade' }),
  period: ts(column).notNull(),
  vital: text('vital').notNull(),
  provenance: text('provenance', { enum: READING_PROVENANCES }).notNull(),
  count: integer('count').notNull(),
  min: real('min').notNull(),
  max: real('max').notNull(),
  sum: doublePrecision('sum').notNull(),
  last: real('last').notNull(),
  lastAt: ts('last_at').notNull(),
});

export const vitalMinutes = pgTable('vital_minutes', summaryColumns('minute'), (t) => [
  primaryKey({ columns: [t.patientId, t.period, t.vital, t.provenance] }),
]);

/**
 * The same summaries per five minutes, kept with the per-minute ones by the same roll-up: what a
 * trend of buckets of five minutes or more reads (three days, a week), a fifth of the rows.
 */
export const vitalFiveMinutes = pgTable('vital_five_minutes', summaryColumns('period'), (t) => [
  primaryKey({ columns: [t.patientId, t.period, t.vital, t.provenance] }),
]);

/**
 * How far the summaries reach (one row): every stream reading with an id up to `throughId` is in
 * `vital_minutes`; `seenId` is the newest id the previous run saw, summarised by the next run so a
 * transaction still open then has committed (decision 029).
 */
export const readingRollup = pgTable('reading_rollup', {
  id: smallint('id').primaryKey(),
  throughId: integer('through_id').notNull().default(0),
  seenId: integer('seen_id').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Answers to ingest requests by Idempotency-Key, so a retried request is answered the same way. */
export const idempotentRequests = pgTable('idempotent_requests', {
  key: text('key').primaryKey(),
  /** SHA-256 of the request body: a key reused for a different body is refused, not answered. */
  requestHash: text('request_hash'),
  status: integer('status').notNull(),
  response: jsonb('response').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
