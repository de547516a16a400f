export type NavItemId =
  | 'dashboard'
  | 'patients'
  | 'alerts'
  | 'outreach'
  | 'ward'
  | 'handover'
  | 'bluetooth-manager'
  | 'audit'
  | 'admin'
  | 'account';

/**
 * Whether a sidebar entry is highlighted on `path` (spec point 2, "Layout"). Dashboard and Patients
 * both link to `/`; only Dashboard lights up there. Patients covers the patient pages, but not a
 * Bluetooth page nested under them.
 */
export function isNavItemActive(id: NavItemId, path: string): boolean {
  switch (id) {
    case 'dashboard':
      return path === '/';
    case 'patients':
      return path.startsWith('/patient') && !path.includes('/bluetooth');
    case 'bluetooth-manager':
      return path === '/bluetooth-manager' || path.startsWith('/bluetooth-manager/');
    case 'alerts':
    case 'outreach':
    case 'ward':
    case 'handover':
    case 'audit':
    case 'admin':
    case 'account':
      return path === `/${id}` || path.startsWith(`/${id}/`);
  }
}
