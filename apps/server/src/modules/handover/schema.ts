import { HANDOVER_STATUSES, ILLNESS_SEVERITIES } from '@vigil/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';
import { patients } from '../patients/schema.ts';

// I-PASS handovers: the tables this module owns, and only its files write them (decision 036).

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
