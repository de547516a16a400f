import {
  CONSCIOUSNESS_LEVELS,
  type MonitoringException,
  type PatientDevice,
  READING_PROVENANCES,
  READING_STATUSES,
  type Spo2Scale,
  type StoredNews2,
  type VitalSources,
} from '@vigil/domain';
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
import { users } from './accounts.ts';
import { ts } from './columns.ts';
import { wards } from './wards.ts';

// Patients and their record: treatments, notes, medications, contacts, readings and events.

export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    oxygenLevel: integer('oxygen_level').notNull(),
    /** The heart rate (column `pulse`, the patient record's name for it on the API). */
    heartRate: integer('pulse').notNull(),
    systolicBP: integer('systolic_bp').notNull(),
    diastolicBP: integer('diastolic_bp').notNull(),
    /** Tenths of °F, e.g. 986 (spec point 3). */
    temperature: integer('temperature').notNull(),
    condition: text('condition').notNull(),
    lastUpdated: ts('last_updated').notNull().defaultNow(),
    // NEWS2 parameters (addition): null means "not recorded", which NEWS2 reports as missing.
    respiratoryRate: integer('respiratory_rate'),
    consciousness: text('consciousness', { enum: CONSCIOUSNESS_LEVELS }),
    onSupplementalOxygen: boolean('on_supplemental_oxygen'),
    spo2Scale: smallint('spo2_scale').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Created by the demo seed: only demo patients take simulated and demo values (decision 014). */
    isDemo: boolean('is_demo').notNull().default(false),
    /** Where each current vital value came from (domain `VitalSources`), kept with the values. */
    sources: jsonb('sources').$type<VitalSources>().notNull().default({}),
    /**
     * The NEWS2 of the values that count (domain `PatientNews2`), computed by the domain's
     * `summarizeNews2` whenever they change; its total is a column of its own for ordering.
     */
    news2: jsonb('news2').$type<StoredNews2 | null>(),
    news2Total: smallint('news2_total'),
    /**
     * The patient's active device links as every answer carries them (domain `PatientDevice[]`),
     * written only by the device-link service in the transaction of each link change.
     */
    devices: jsonb('devices').$type<PatientDevice[]>().notNull().default([]),
    /**
     * When the next full set of observations is due (domain `nextObservationDue`), kept with the
     * NEWS2 it follows from, so the overdue sweep is one indexed query.
     */
    nextObservationDue: ts('next_observation_due'),
    /** A nurse's monitoring exception in force (domain `MonitoringException`), or null. */
    monitoringException: jsonb('monitoring_exception').$type<MonitoringException | null>(),
    /** Discharged patients leave the ward's lists; their record stays readable. */
    dischargedAt: ts('discharged_at'),
    /** The ward the patient is on (decision 035): who may see her, and whose alerts hers are. */
    wardId: integer('ward_id')
      .notNull()
      .references(() => wards.id),
  },
  (t) => [
    index('patients_condition_idx').on(t.condition),
    index('patients_news2_total_idx').on(t.news2Total),
    index('patients_next_observation_due_idx').on(t.nextObservationDue),
    index('patients_name_lower_idx').on(sql`lower(${t.name})`),
    index('patients_ward_idx').on(t.wardId),
  ],
);

export const treatments = pgTable(
  'treatments',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    scheduledFor: ts('scheduled_for').notNull(),
    completed: boolean('completed').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    // Addition: when and by whom it was marked done (the history timeline shows it).
    completedAt: ts('completed_at'),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('treatments_patient_scheduled_idx').on(t.patientId, t.scheduledFor)],
);

export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('notes_patient_created_idx').on(t.patientId, t.createdAt)],
);

export const medications = pgTable(
  'medications',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    dosage: text('dosage').notNull(),
    frequency: text('frequency').notNull(),
    nextDose: ts('next_dose').notNull(),
    alertEnabled: boolean('alert_enabled').notNull().default(true),
    instructions: text('instructions'),
    sideEffects: text('side_effects'),
    startDate: ts('start_date').defaultNow(),
    endDate: ts('end_date'),
    adherenceRate: integer('adherence_rate'),
    lastTaken: ts('last_taken'),
    aiSuggestions: jsonb('ai_suggestions'),
    createdAt: ts('created_at').defaultNow(),
    updatedAt: ts('updated_at').defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('medications_patient_next_dose_idx').on(t.patientId, t.nextDose)],
);

/** The real data behind the spec's sample Emergency Contacts panel (addition). */
export const emergencyContacts = pgTable(
  'emergency_contacts',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    phone: text('phone').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('emergency_contacts_patient_idx').on(t.patientId)],
);

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

/**
 * Addition: what happened to a patient and who did it (admission, condition changes, vitals edits).
 * The history timeline reads it; it is also the audit trail of changes to the patient record.
 */
export const patientEvents = pgTable(
  'patient_events',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('patient_events_patient_created_idx').on(t.patientId, t.createdAt)],
);

/**
 * Each change of a patient's NEWS2 SpO2 scale (issue 39): the scale replaced and the scale in force
 * from `changedAt`. A reading stores no scale, so the scale in force when it was measured is found
 * from these (trends, the FHIR export, the timeline). Written by the patients repository in the
 * transaction of the edit that changes `patients.spo2_scale`.
 */
export const spo2ScaleChanges = pgTable(
  'spo2_scale_changes',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    changedAt: ts('changed_at').notNull(),
    /** The scale replaced and the scale in force from then: 1 or 2, as the checks below hold. */
    fromScale: smallint('from_scale').$type<Spo2Scale>().notNull(),
    toScale: smallint('to_scale').$type<Spo2Scale>().notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('spo2_scale_changes_patient_changed_idx').on(t.patientId, t.changedAt),
    check('spo2_scale_changes_from_scale', sql`${t.fromScale} in (1, 2)`),
    check('spo2_scale_changes_to_scale', sql`${t.toScale} in (1, 2)`),
  ],
);
