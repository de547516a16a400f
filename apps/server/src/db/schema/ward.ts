import {
  ALERT_CONDITIONS,
  ALERT_CONFIRMATIONS,
  ALERT_KINDS,
  ALERT_PRIORITIES,
  ALERT_STATES,
  type AlertSettings,
  BED_MOVES,
  HANDOVER_STATUSES,
  ILLNESS_SEVERITIES,
  type WardSettings,
} from '@vigil/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ts } from './columns.ts';
import { patients } from './patients.ts';
import { wards } from './wards.ts';

// Alerts and the ward: bays, beds, shifts, assignments and handovers.

/**
 * Alerts (decision 021): a record per ongoing condition of a patient, with its life — raised
 * (pending while a device's value awaits confirmation), acknowledged by someone, escalated when
 * nobody does by its deadline, resolved with a cause. One open clinical alert per patient, and one
 * open technical alert per patient, condition and subject (a device link), enforced by the indexes.
 * The table is also the due work of the timers: a due alert is claimed with FOR UPDATE SKIP LOCKED.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    condition: text('condition', { enum: ALERT_CONDITIONS }).notNull(),
    /** The device link a technical alert is about ('' when none, so the open-alert index holds). */
    subject: text('subject').notNull().default(''),
    priority: text('priority', { enum: ALERT_PRIORITIES }).notNull(),
    state: text('state', { enum: ALERT_STATES }).notNull(),
    latched: boolean('latched').notNull(),
    message: text('message').notNull(),
    response: text('response').notNull(),
    news2Total: smallint('news2_total'),
    confirmation: text('confirmation', { enum: ALERT_CONFIRMATIONS }),
    raisedAt: ts('raised_at').notNull(),
    pendingSince: ts('pending_since'),
    confirmedAt: ts('confirmed_at'),
    deadlineAt: ts('deadline_at'),
    escalationLevel: smallint('escalation_level').notNull().default(0),
    escalatedTo: text('escalated_to'),
    escalatedAt: ts('escalated_at'),
    /** The people of the patient's ward (or the outreach team) the last escalation reached (decision 035). */
    escalatedToUsers: jsonb('escalated_to_users').$type<number[]>(),
    acknowledgedAt: ts('acknowledged_at'),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgeNote: text('acknowledge_note'),
    conditionEndedAt: ts('condition_ended_at'),
    resolvedAt: ts('resolved_at'),
    resolution: text('resolution'),
    /**
     * The newest reading of the change that raised the alert and of the one that resolved it: kept
     * for the record's life when retention drops raw device data (decision 029).
     */
    raisedByReading: integer('raised_by_reading'),
    resolvedByReading: integer('resolved_by_reading'),
  },
  (t) => [
    uniqueIndex('alerts_open_clinical_uq')
      .on(t.patientId)
      .where(sql`${t.kind} = 'clinical' and ${t.state} <> 'resolved'`),
    uniqueIndex('alerts_open_technical_uq')
      .on(t.patientId, t.condition, t.subject)
      .where(sql`${t.kind} = 'technical' and ${t.state} <> 'resolved'`),
    index('alerts_due_idx').on(t.state, t.deadlineAt),
    index('alerts_patient_raised_idx').on(t.patientId, t.raisedAt),
    index('alerts_raised_idx').on(t.raisedAt),
  ],
);

/** Each ward's alert settings (the row whose id is the ward's), set by a ward manager; defaults in the domain. */
export const alertSettings = pgTable('alert_settings', {
  id: smallint('id').primaryKey(),
  settings: jsonb('settings').$type<AlertSettings>().notNull(),
  updatedAt: ts('updated_at').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** The ward's bays, in the order the layout lists them. */
export const wardBays = pgTable(
  'ward_bays',
  {
    id: serial('id').primaryKey(),
    wardId: integer('ward_id')
      .notNull()
      .references(() => wards.id),
    name: text('name').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [index('ward_bays_ward_idx').on(t.wardId)],
);

/**
 * The ward's beds. A bed holds at most one patient and a patient at most one bed (the unique
 * indexes): taking a bed is a conditional update, so two admissions to one bed cannot both win.
 */
export const wardBeds = pgTable(
  'ward_beds',
  {
    id: serial('id').primaryKey(),
    /** The bay's ward, kept on the bed so a label is unique within its ward. */
    wardId: integer('ward_id')
      .notNull()
      .references(() => wards.id),
    bayId: integer('bay_id')
      .notNull()
      .references(() => wardBays.id, { onDelete: 'restrict' }),
    label: text('label').notNull(),
    /** The label upper-cased: "a1" and "A1" are one bed. */
    labelKey: text('label_key').notNull(),
    position: smallint('position').notNull(),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('ward_beds_label_uq').on(t.wardId, t.labelKey),
    uniqueIndex('ward_beds_patient_uq').on(t.patientId),
    index('ward_beds_bay_idx').on(t.bayId),
  ],
);

/** Admissions to a bed, moves and discharges, with the bed labels as they were then. */
export const bedMoves = pgTable(
  'bed_moves',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BED_MOVES }).notNull(),
    fromBed: text('from_bed'),
    toBed: text('to_bed'),
    /** A transfer's wards (decision 035); null for a move within a ward. */
    fromWard: integer('from_ward').references(() => wards.id),
    toWard: integer('to_ward').references(() => wards.id),
    at: ts('at').notNull(),
    byUser: integer('by_user')
      .notNull()
      .references(() => users.id),
  },
  (t) => [index('bed_moves_patient_at_idx').on(t.patientId, t.at)],
);

/** Each ward's shift times, handover window and clock (the row whose id is the ward's), set by a ward manager. */
export const wardSettings = pgTable('ward_settings', {
  id: smallint('id').primaryKey(),
  settings: jsonb('settings').$type<WardSettings>().notNull(),
  updatedAt: ts('updated_at').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Which nurse looks after which patient in a shift ("2026-11-26/day"), and who decided. */
export const shiftAssignments = pgTable(
  'shift_assignments',
  {
    shiftKey: text('shift_key').notNull(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    nurseId: integer('nurse_id')
      .notNull()
      .references(() => users.id),
    assignedBy: integer('assigned_by')
      .notNull()
      .references(() => users.id),
    assignedAt: ts('assigned_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shiftKey, t.patientId] }),
    index('shift_assignments_nurse_idx').on(t.shiftKey, t.nurseId),
  ],
);

/** The nurse in charge of a ward's shift ("2026-11-26/day"), named by a ward manager. */
export const shiftLeads = pgTable(
  'shift_leads',
  {
    wardId: integer('ward_id')
      .notNull()
      .references(() => wards.id),
    shiftKey: text('shift_key').notNull(),
    nurseId: integer('nurse_id')
      .notNull()
      .references(() => users.id),
    namedBy: integer('named_by')
      .notNull()
      .references(() => users.id),
    namedAt: ts('named_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.wardId, t.shiftKey] }),
    index('shift_leads_nurse_idx').on(t.nurseId, t.shiftKey),
  ],
);

/**
 * I-PASS handovers into a shift. One awaiting acceptance per patient and shift (the
 * partial unique index); acceptance is a conditional update, so of two receivers one wins.
 */
export const handovers = pgTable(
  'handovers',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    shiftKey: text('shift_key').notNull(),
    /** The shift's start plus the handover window, then: not accepted by it, the handover is flagged. */
    handoverEndsAt: ts('handover_ends_at').notNull(),
    illnessSeverity: text('illness_severity', { enum: ILLNESS_SEVERITIES }).notNull(),
    patientSummary: text('patient_summary').notNull(),
    actions: jsonb('actions').$type<string[]>().notNull(),
    situation: text('situation').notNull(),
    givenBy: integer('given_by')
      .notNull()
      .references(() => users.id),
    givenAt: ts('given_at').notNull(),
    toNurseId: integer('to_nurse_id').references(() => users.id),
    status: text('status', { enum: HANDOVER_STATUSES }).notNull(),
    synthesis: text('synthesis'),
    acceptedBy: integer('accepted_by').references(() => users.id),
    acceptedAt: ts('accepted_at'),
  },
  (t) => [
    uniqueIndex('handovers_awaiting_uq').on(t.patientId, t.shiftKey).where(sql`${t.status} = 'given'`),
    index('handovers_shift_status_idx').on(t.shiftKey, t.status),
    index('handovers_patient_given_idx').on(t.patientId, t.givenAt),
  ],
);
