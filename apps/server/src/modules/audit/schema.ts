import { bigserial, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

// The audit trail and the tally of refused sign-ins: the tables this module owns, and only its files
// write them (decision 036).

/**
 * The audit trail (decision 013), shaped after FHIR AuditEvent. Append-only: a trigger refuses UPDATE,
 * DELETE and TRUNCATE (migration 0005). Each row's `hash` is SHA-256 over the previous row's hash
 * and this row's canonical form, computed in the server with appends serialised
 * (modules/audit/repository.ts). Ids only: no patient names, no note text.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    userId: integer('user_id'),
    username: text('username'),
    role: text('role'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    patientId: integer('patient_id'),
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    address: text('address'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /**
     * How `hash` was made: `hmac-sha256` (keyed, the key outside the database; decision 018), or
     * `sha256` for the rows written before the chain was keyed (they verify as they were written).
     */
    hashAlg: text('hash_alg').notNull().default('sha256'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_patient_idx').on(t.patientId, t.id),
    index('audit_events_user_idx').on(t.userId, t.id),
  ],
);

/**
 * Refused sign-ins tallied per client address and window: the first refusal of a window is its own
 * audit row, the rest are counted here and written as one audit row when the window has passed, so
 * a flood of refusals from one address is two rows per window in the append-only trail, not one
 * per attempt.
 */
export const signInRefusals = pgTable(
  'sign_in_refusals',
  {
    address: text('address').notNull(),
    windowStart: ts('window_start').notNull(),
    /** Refusals after the first (which was written at once). */
    attempts: integer('attempts').notNull(),
    /** Count per reason: { "wrong password": 3, "too many attempts": 40 }. */
    reasons: jsonb('reasons').notNull().default({}),
    /** The accounts tried (ids of known usernames), at most 20. */
    userIds: jsonb('user_ids').notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.address, t.windowStart] })],
);
