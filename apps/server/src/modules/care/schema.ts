import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';
import { patients } from '../patients/schema.ts';

// A patient's care record (treatments, notes, medications, emergency contacts): the tables this
// module owns, and only its files write them (decision 036).

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
