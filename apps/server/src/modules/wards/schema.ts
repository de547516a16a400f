import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';

// The hospital's wards and who works on each (decision 035): the tables this module owns, and only its
// files write them (decision 036).

/**
 * A ward of the hospital. Its shift times and clock are the `ward_settings` row and its alert
 * deadlines the `alert_settings` row whose id is the ward's id; its bays and beds, patients and
 * nurses in charge name it. Migration 0019 made the one ward of an older database ward 1.
 */
export const wards = pgTable(
  'wards',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Short code as the hospital writes it ("W7"), unique, stored upper-case. */
    code: text('code').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wards_code_uq').on(t.code)],
);

/**
 * Who works on which ward: a nurse, ward manager or doctor sees (and is escalated to for) the
 * patients of their wards only. Administrators and the outreach team are hospital-wide by role.
 */
export const wardMembers = pgTable(
  'ward_members',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wardId: integer('ward_id')
      .notNull()
      .references(() => wards.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.wardId] }), index('ward_members_ward_idx').on(t.wardId)],
);
