import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';

// The Health Device Bridge's pairings: the tables this module owns, and only its files write them
// (decision 036).

/**
 * One-time pairing tokens: a signed-in person's manager page gets one and hands it to the Health
 * Device Bridge on this machine, which presents it back to us to prove the page is ours (stored as
 * SHA-256, single use, expiring in minutes).
 */
export const bridgePairings = pgTable(
  'bridge_pairings',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('bridge_pairings_hash_uq').on(t.tokenHash)],
);
