import { type Permission, ROLE_LABELS, type User } from '@vigil/domain';

export interface Home {
  path: string;
  /** The link back to it, on a page the person may not open. */
  linkLabel: string;
}

/** Where a signed-in person lands: the ward, the audit trail for an auditor, else their account. */
export function homeOf(permissions: readonly Permission[]): Home {
  if (permissions.includes('patients:read')) return { path: '/', linkLabel: 'Back to Patient Dashboard' };
  if (permissions.includes('audit:read')) return { path: '/audit', linkLabel: 'Go to the audit trail' };
  return { path: '/account', linkLabel: 'Go to your account' };
}

/** "Your role, Nurse, cannot open the audit trail." */
export function forbiddenText(user: Pick<User, 'role'>, screen: string): string {
  return `Your role, ${ROLE_LABELS[user.role]}, cannot open ${screen}.`;
}
