import { ROLE_PERMISSIONS } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { forbiddenText, homeOf } from './home.ts';

describe('where a role lands, and what a forbidden page says', () => {
  it.each([
    ['nurse', '/'],
    ['doctor', '/'],
    ['ward_manager', '/'],
    ['administrator', '/'],
    ['auditor', '/audit'],
  ] as const)('%s lands on %s', (role, path) => {
    expect(homeOf(ROLE_PERMISSIONS[role]).path).toBe(path);
  });

  it('a role with only its own account lands there', () => {
    expect(homeOf(['account:self'])).toEqual({ path: '/account', linkLabel: 'Go to your account' });
  });

  it('names the role and the screen', () => {
    expect(forbiddenText({ role: 'nurse' }, 'the audit trail')).toBe(
      'Your role, Nurse, cannot open the audit trail.',
    );
    expect(forbiddenText({ role: 'ward_manager' }, 'account administration')).toBe(
      'Your role, Ward manager, cannot open account administration.',
    );
  });
});
