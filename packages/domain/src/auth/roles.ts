import { z } from 'zod';
import { PERMISSIONS, type Permission } from './permissions.ts';

/**
 * Roles, each a fixed set of permissions: defined once here, checked by the server's one
 * authorization hook and used by the web app to hide what a role may not do.
 */
export const ROLES = ['nurse', 'doctor', 'ward_manager', 'administrator', 'auditor', 'outreach'] as const;
export const Role = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });
export type Role = z.infer<typeof Role>;

export const ROLE_LABELS: Record<Role, string> = {
  nurse: 'Nurse',
  doctor: 'Doctor',
  ward_manager: 'Ward manager',
  administrator: 'Administrator',
  auditor: 'Auditor',
  outreach: 'Outreach team',
};

/** Everything about the care of patients: what a nurse does on the ward. */
const CLINICAL: readonly Permission[] = [
  'account:self',
  'patients:read',
  'patients:admit',
  'patients:edit',
  'observations:record',
  'care:write',
  'devices:manage',
  'alerts:acknowledge',
  'handover:write',
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  nurse: CLINICAL,
  doctor: CLINICAL,
  /**
   * A ward manager also sees who has opened their ward's records, sets the ward's alert deadlines,
   * lays out its beds and shifts, and assigns patients to nurses (as nurse in charge).
   */
  ward_manager: [...CLINICAL, 'audit:read', 'alerts:configure', 'ward:layout', 'ward:assign'],
  /**
   * The administrator holds every permission: on a small ward the first account (the
   * administrator) is also a clinician, and the spec's screens must keep working for it.
   */
  administrator: [...PERMISSIONS],
  /** Reads and exports the audit trail only: no patient record, no account changes. */
  auditor: ['account:self', 'audit:read', 'audit:export'],
  /**
   * The critical-care outreach team (RCP Chart 4: NEWS2 ≥ 7 calls for an emergency assessment by a
   * team with critical-care competencies): a clinician on every ward (hospital-wide, decision 035),
   * with the list of the hospital's patients at risk.
   */
  outreach: [...CLINICAL, 'outreach:read'],
};

/**
 * What the nurse in charge of a shift holds while that shift runs, on top of their role's
 * permissions: the assignment of patients to nurses (and so the flagged handovers).
 */
export const SHIFT_LEAD_PERMISSIONS: readonly Permission[] = ['ward:assign'];

const SETS = new Map<Role, ReadonlySet<Permission>>(
  ROLES.map((role) => [role, new Set(ROLE_PERMISSIONS[role])]),
);

/** The permissions a role holds (an unknown role holds none). */
export function permissionsOfRole(role: string): ReadonlySet<Permission> {
  return SETS.get(role as Role) ?? new Set();
}

export function roleHas(role: string, permission: Permission): boolean {
  return permissionsOfRole(role).has(permission);
}

/** An account's state: pending (awaiting approval), active, or disabled (never deleted). */
export const ACCOUNT_STATUSES = ['pending', 'active', 'disabled'] as const;
export const AccountStatus = z.enum(ACCOUNT_STATUSES, {
  error: `status must be one of ${ACCOUNT_STATUSES.join(', ')}`,
});
export type AccountStatus = z.infer<typeof AccountStatus>;

/** How people get an account (REGISTRATION): open (signed in at once), approval, or closed. */
export const REGISTRATION_MODES = ['open', 'approval', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];
