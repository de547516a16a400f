import {
  ALERT_CONDITIONS,
  ALERT_CONFIRMATIONS,
  ALERT_KINDS,
  ALERT_PRIORITIES,
  ALERT_STATES,
  type AlertSettings,
} from '@vigil/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';
import { patients } from '../patients/schema.ts';

// Alerts and each ward's alert settings: the tables this module owns, and only its files write them
// (decision 036).

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
