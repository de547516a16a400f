/**
 * What a signed-in person may do. Every API route declares the one permission it needs in its
 * route options (apps/server/src/plugins/access.ts); the one authorization hook checks it.
 */
export const PERMISSIONS = [
  /** Their own account: who am I, sign out, the app's configuration. */
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
  /** Link devices and wearables to patients, issue and revoke device tokens, pair the bridge. */
  'devices:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
