import { z } from 'zod';
import { isoDateTime } from './time.ts';

/**
 * The audit trail, shaped after FHIR AuditEvent: when, who (user and role), the action, what
 * (entity type and id, the patient), the outcome, and where from (address, user agent, request id).
 * Ids only: no patient names and no note text.
 */
export const AUDIT_ACTIONS = [
  'create',
  'read',
  'update',
  'delete',
  'execute',
  'sign-in',
  'sign-out',
  'failed-sign-in',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS, {
  error: `action must be one of ${AUDIT_ACTIONS.join(', ')}`,
});
export type AuditAction = z.infer<typeof AuditAction>;

/**
 * A person's opening of a patient's record is recorded once in this window: the open record refetches
 * after every live reading, and those refetches are the same opening.
 */
export const RECORD_OPENING_WINDOW_MS = 15 * 60_000;

export const AuditOutcome = z.enum(['success', 'failure']);
export type AuditOutcome = z.infer<typeof AuditOutcome>;

const isoDate = z.string().datetime({ offset: true });

export const AuditEvent = z.object({
  id: z.number().int(),
  at: isoDate,
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  role: z.string().nullable(),
  action: AuditAction,
  entityType: z.string(),
  entityId: z.string().nullable(),
  patientId: z.number().int().nullable(),
  outcome: AuditOutcome,
  /** What kind of change, in a few words or codes (e.g. "role nurse → doctor"); never clinical text. */
  detail: z.string().nullable(),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  hash: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

const optionalInt = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be positive`)
    .max(2_147_483_647, `${name} is too large`)
    .optional();

export const AuditQuery = z.object({
  userId: optionalInt('userId'),
  /**
   * Who acted, as a person types it: a username (any case), a user id, or "system" for everything
   * the server did itself ("system — alert timer").
   */
  user: z
    .string()
    .trim()
    .min(1, 'user must not be empty')
    .max(100, 'user must be at most 100 characters')
    .optional(),
  patientId: optionalInt('patientId'),
  action: AuditAction.optional(),
  // Within the years the database can store: anything outside is a 400 naming the field.
  from: isoDateTime('from').optional(),
  to: isoDateTime('to').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(1000, 'limit must be at most 1000')
    .optional(),
  /** Rows older than this id (paging backwards). */
  before: optionalInt('before'),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditVerification = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  /** The first row whose hash or link does not hold, or that a checkpoint says is missing, with why. */
  firstBroken: z.object({ id: z.number().int(), reason: z.string() }).nullable(),
  /**
   * The signed checkpoints (row count and head hash) the server writes outside the database:
   * how many were checked, how many lines of the log do not carry a valid signature (any makes `ok`
   * false), and when the latest was written.
   */
  checkpoints: z.object({
    verified: z.number().int(),
    unsigned: z.number().int(),
    latestAt: z.string().nullable(),
  }),
});
export type AuditVerification = z.infer<typeof AuditVerification>;
