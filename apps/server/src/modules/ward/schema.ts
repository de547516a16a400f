import { BED_MOVES, type WardSettings } from '@vigil/domain';
import {
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
import { ts } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';
import { patients } from '../patients/schema.ts';
import { wards } from '../wards/schema.ts';

// The ward board (bays, beds, bed moves, the ward's settings, shift assignments, nurses in charge):
// the tables this module owns, and only its files write them (decision 036).

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
