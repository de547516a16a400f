import { type Permission, permissionsOfRole, ROLE_LABELS, type Role } from '@vigil/domain';

/** What a permission lets a person do, in the words of the confirmation dialog. */
const ABILITY: Record<Permission, string> = {
  'account:self': 'manage their own account',
  'patients:read': 'open the ward and patient records',
  'patients:admit': 'admit patients',
  'patients:edit': 'change patient records',
  'observations:record': 'record observations',
  'care:write': 'write notes, treatments, medications and contacts',
  'devices:manage': 'link devices and wearables',
  'patients:export': 'export patient data to other systems (FHIR bulk export)',
  'alerts:acknowledge': 'acknowledge alerts',
  'alerts:configure': "set the ward's alert deadlines",
  'users:manage': 'manage accounts',
  'audit:read': 'read the audit trail',
  'audit:export': 'export the audit trail',
  'ward:layout': "lay out the ward's beds and shifts",
  'ward:assign': 'assign patients to nurses',
  'handover:write': 'give and accept handovers',
  'outreach:read': "see every ward's patients at risk (the outreach list)",
  'wards:manage': 'open wards and say who works on which',
};

export interface RoleChangeSummary {
  title: string;
  /** What happens, and when. */
  effect: string;
  gains: string[];
  losses: string[];
}

/** What changing `username`'s role from `from` to `to` does, for the dialog that asks first. */
export function roleChangeSummary(username: string, from: Role, to: Role): RoleChangeSummary {
  const before = permissionsOfRole(from);
  const after = permissionsOfRole(to);
  return {
    title: `Change ${username}'s role to ${ROLE_LABELS[to]}?`,
    effect: `${username} becomes ${ROLE_LABELS[to]} instead of ${ROLE_LABELS[from]} now, on every device where they are signed in.`,
    gains: [...after].filter((p) => !before.has(p)).map((p) => ABILITY[p]),
    losses: [...before].filter((p) => !after.has(p)).map((p) => ABILITY[p]),
  };
}
