import {
  CONSCIOUSNESS_LEVELS,
  type MonitoringException,
  type PatientDevice,
  type Spo2Scale,
  type StoredNews2,
  type VitalSources,
} from '@vigil/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';
import { wards } from '../wards/schema.ts';

// Patients, their timeline and the changes of their SpO2 scale: the tables this module owns
// (decision 036). The patients table itself is written by one file of it, patient-writer.ts.

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
