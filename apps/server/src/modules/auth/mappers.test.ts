import { permissionsOfRole, SHIFT_LEAD_PERMISSIONS } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { toUser } from './mappers.ts';

const row = (id: number, role: 'nurse' | 'administrator') => ({
  id,
  username: `u${id}`,
  role,
  mustChangePassword: false,
});

describe('toUser', () => {
  it('gives a role’s permissions, and a grant’s besides, each once', () => {
    expect(toUser(row(1, 'nurse')).permissions).toEqual([...new Set(permissionsOfRole('nurse'))]);
    const leading = toUser(row(1, 'nurse'), SHIFT_LEAD_PERMISSIONS).permissions;
    expect(new Set(leading)).toEqual(new Set([...permissionsOfRole('nurse'), ...SHIFT_LEAD_PERMISSIONS]));
    expect(leading).toHaveLength(new Set(leading).size);
  });

  it('shares one frozen list per role and grant between users, so none can change another’s', () => {
    const a = toUser(row(1, 'nurse'));
    const b = toUser(row(2, 'nurse'));
    expect(b.permissions).toBe(a.permissions);
    expect(Object.isFrozen(a.permissions)).toBe(true);
    expect(() => a.permissions.push('patients:admit')).toThrow(TypeError);
    expect(toUser(row(3, 'administrator')).permissions).not.toBe(a.permissions);
    expect(toUser(row(1, 'nurse'), SHIFT_LEAD_PERMISSIONS).permissions).not.toBe(a.permissions);
  });
});
