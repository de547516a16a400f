import { z } from 'zod';
import type { Role } from '../auth/roles.ts';
import { recordId, recordIdParam } from '../ids.ts';
import { BedTrend } from './ward-board.ts';

// The hospital's wards, who sees which (decision 035), transfers and the outreach view's shapes.

const isoDate = z.iso.datetime({ offset: true });

/** A ward of the hospital as the API answers it. */
export const Ward = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Short code, upper-case, unique ("W7"). */
  code: z.string(),
});
export type Ward = z.infer<typeof Ward>;

/**
 * `?ward=` of a ward-wide screen (board, layout, assignments, nurse in charge): one of the wards
 * the person sees; by default their first (decision 035).
 */
export const WardQuery = z.object({ ward: recordIdParam('ward').optional() });
export type WardQuery = z.infer<typeof WardQuery>;

/** POST /api/wards: a new ward (an administrator's). */
export const WardInput = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name must not be empty')
    .max(80, 'name must be at most 80 characters'),
  code: z
    .string({ error: 'code is required' })
    .trim()
    .min(1, 'code must not be empty')
    .max(12, 'code must be at most 12 characters')
    .regex(/^[A-Za-z0-9-]+$/, 'code may hold letters, digits and hyphens only, e.g. W7')
    .transform((code) => code.toUpperCase()),
});
export type WardInput = z.infer<typeof WardInput>;

/** PUT /api/accounts/:id/wards: the wards a person works on (all of them, replacing the list). */
export const WardMembershipInput = z.object({
  wardIds: z
    .array(recordId('wardIds[]'), { error: 'wardIds must be a list of ward ids' })
    .max(200, 'wardIds may name at most 200 wards'),
});
export type WardMembershipInput = z.infer<typeof WardMembershipInput>;

/** A person's wards as the API answers them. */
export const WardMembership = z.object({
  userId: z.number().int(),
  /** Whether the person sees every ward by role (administrator, outreach). */
  hospitalWide: z.boolean(),
  wards: z.array(Ward),
});
export type WardMembership = z.infer<typeof WardMembership>;

/**
 * GET /api/wards/members: who works on which ward, with their role (an administrator's screen).
 * Hospital-wide roles see every ward by role and are listed by it, not as members.
 */
export const WardMembers = z.array(
  z.object({
    wardId: z.number().int(),
    members: z.array(z.object({ id: z.number().int(), username: z.string(), role: z.string() })),
  }),
);
export type WardMembers = z.infer<typeof WardMembers>;

/** POST /api/patients/:id/transfer: to another ward, into one of its free beds or none yet. */
export const TransferInput = z.object({
  wardId: recordId('wardId'),
  bedId: recordId('bedId').nullish(),
});
export type TransferInput = z.infer<typeof TransferInput>;

/** A transfer as the API answers it. */
export const TransferResult = z.object({
  patientId: z.number().int(),
  fromWard: Ward,
  toWard: Ward,
  fromBed: z.string().nullable(),
  toBed: z.string().nullable(),
  at: isoDate,
});
export type TransferResult = z.infer<typeof TransferResult>;

/**
 * Roles that see every ward (decision 035): the administrator, and the critical-care outreach team,
 * whose job is the hospital's deteriorating patients wherever they lie (RCP Chart 4, NEWS2 ≥ 7).
 */
export const HOSPITAL_WIDE_ROLES: readonly Role[] = ['administrator', 'outreach'];
export const isHospitalWide = (role: string): boolean =>
  (HOSPITAL_WIDE_ROLES as readonly string[]).includes(role);

/**
 * Which wards a person sees: every ward (`all`), or those listed. Enforced on the server, for every
 * patient-scoped route, list and event stream (decision 035).
 */
export interface WardScope {
  all: boolean;
  wardIds: readonly number[];
}

/** Whether a scope covers a ward. */
export const scopeSees = (scope: WardScope, wardId: number | null | undefined): boolean =>
  scope.all || (wardId !== null && wardId !== undefined && scope.wardIds.includes(wardId));

// ── the outreach view ─────────────────────────────────────────────────────────────────────────

/** Why a patient is on the outreach list (RCP Chart 4 and the trend the team watches). */
export const OUTREACH_REASONS = ['news2-7-or-more', 'news2-5-or-more', 'red-score', 'rising'] as const;
export type OutreachReason = (typeof OUTREACH_REASONS)[number];

/** NEWS2 at which a patient is on the outreach list (RCP Chart 4: the urgent threshold, 5). */
export const OUTREACH_NEWS2_THRESHOLD = 5;
/** A rise of this much or more over {@link OUTREACH_RISE_WINDOW_MS} puts a patient on the list. */
export const OUTREACH_RISE = 2;
export const OUTREACH_RISE_WINDOW_MS = 6 * 3_600_000;

/**
 * Why a patient is at risk, worst first (empty: not at risk): NEWS2 ≥ 7 (emergency), NEWS2 ≥ 5
 * (urgent), a red score (3 in one parameter), or a NEWS2 risen by 2 or more over 6 hours.
 */
export function outreachReasons(
  news2: { total: number; redScore: boolean },
  rise: number | null,
): OutreachReason[] {
  const reasons: OutreachReason[] = [];
  if (news2.total >= 7) reasons.push('news2-7-or-more');
  else if (news2.total >= OUTREACH_NEWS2_THRESHOLD) reasons.push('news2-5-or-more');
  if (news2.redScore) reasons.push('red-score');
  if (rise !== null && rise >= OUTREACH_RISE) reasons.push('rising');
  return reasons;
}

/** One patient at risk on the outreach list (GET /api/outreach/patients). */
export const OutreachPatient = z.object({
  patientId: z.number().int(),
  name: z.string(),
  isDemo: z.boolean(),
  ward: Ward,
  /** The bed's label, or null when the patient has no bed yet. */
  bed: z.string().nullable(),
  news2: z.object({
    total: z.number().int(),
    redScore: z.boolean(),
    /** The NEWS2 series over the last 6 hours (first and newest total), null with fewer than two scores. */
    trend: BedTrend.nullable(),
  }),
  reasons: z.array(z.enum(OUTREACH_REASONS)),
  /** The patient's open clinical alert, if any. */
  alert: z
    .object({
      id: z.number().int(),
      condition: z.string(),
      priority: z.string(),
      state: z.string(),
      escalatedTo: z.string().nullable(),
      raisedAt: isoDate,
      escalatedAt: isoDate.nullable(),
      /** How long since it was raised, or since its last escalation when it has one. */
      sinceMs: z.number().int(),
    })
    .nullable(),
  observations: z.object({
    dueAt: isoDate,
    /** How long overdue (positive) or until due (negative). */
    overdueByMs: z.number().int(),
    overdue: z.boolean(),
  }),
});
export type OutreachPatient = z.infer<typeof OutreachPatient>;
