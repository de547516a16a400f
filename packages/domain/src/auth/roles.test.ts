import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from './permissions.ts';
import { permissionsOfRole, ROLE_PERMISSIONS, ROLES, roleHas } from './roles.ts';

describe('roles', () => {
  it('gives the administrator every permission and an unknown role none', () => {
    expect([...permissionsOfRole('administrator')].sort()).toEqual([...PERMISSIONS].sort());
    expect(permissionsOfRole('superuser').size).toBe(0);
  });

  it('lets an auditor read and export the trail but never a patient or an account', () => {
    expect(roleHas('auditor', 'audit:read')).toBe(true);
    expect(roleHas('auditor', 'audit:export')).toBe(true);
    expect(roleHas('auditor', 'patients:read')).toBe(false);
    expect(roleHas('auditor', 'users:manage')).toBe(false);
  });

  it('keeps account administration with administrators and the trail away from nurses and doctors', () => {
    for (const role of ROLES) {
      expect(roleHas(role, 'users:manage'), role).toBe(role === 'administrator');
      expect(roleHas(role, 'account:self'), role).toBe(true);
    }
    expect(roleHas('nurse', 'audit:read')).toBe(false);
    expect(roleHas('doctor', 'audit:read')).toBe(false);
    expect(roleHas('ward_manager', 'audit:read')).toBe(true);
  });

  it('gives the ward layout and assignment to ward managers and administrators, and handover to every clinical role', () => {
    for (const role of ROLES) {
      const runsTheWard = role === 'ward_manager' || role === 'administrator';
      expect(roleHas(role, 'ward:layout'), role).toBe(runsTheWard);
      expect(roleHas(role, 'ward:assign'), role).toBe(runsTheWard);
      expect(roleHas(role, 'handover:write'), role).toBe(role !== 'auditor');
    }
  });

  it('names only known permissions', () => {
    for (const list of Object.values(ROLE_PERMISSIONS)) {
      for (const p of list) expect(PERMISSIONS).toContain(p);
    }
  });
});
