/**
 * What a signed-in person may do. Every API route declares the one permission it needs in its
 * route options (apps/server/src/plugins/access.ts); the one authorization hook checks it against
 * the permissions of the person's role (./roles.ts).
 */
export const PERMISSIONS = [
  /** Their own account: who am I, sign out, change their password, the app's configuration. */
  'account:self',
  /** Read patients and everything recorded about them (record, vitals, analysis, live events). */
  'patients:read',
  /** Admit a patient. */
  'patients:admit',
  /** Change a patient's record (name, condition, vitals, NEWS2 settings). */
  'patients:edit',
  /** Record observations (typed, or from a device a person connected). */
  'observations:record',
  /** Notes, treatments, medications and emergency contacts. */
  'care:write',
  /**
   * Export every patient's record in bulk (FHIR Bulk Data $export): a disclosure of the whole ward,
   * so it is the administrator's (and a registered system's, through its scopes), not every reader's.
   */
  'patients:export',
  /** Link devices and wearables to patients, issue and revoke device tokens, pair the bridge. */
  'devices:manage',
  /** Acknowledge alerts (every screen hears of it; it is audited). */
  'alerts:acknowledge',
  /** Set the ward's alert deadlines. */
  'alerts:configure',
  /** Edit the ward's bays and beds and its shift times. */
  'ward:layout',
  /** Assign patients to nurses for a shift (the nurse in charge's job). */
  'ward:assign',
  /** Give and accept I-PASS handovers. */
  'handover:write',
  /** The hospital-wide list of patients at risk (the outreach team's). */
  'outreach:read',
  /** Create wards and say who works on which (decision 035). */
  'wards:manage',
  /** Accounts: list, approve, disable, change roles, reset passwords. */
  'users:manage',
  /** Read the audit trail (who did what, who has seen a record) and verify its hash chain. */
  'audit:read',
  /** Export the audit trail as CSV (the export is itself audited). */
  'audit:export',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
