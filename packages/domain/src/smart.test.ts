import { describe, expect, it } from 'vitest';
import { grantSmartScopes, parseSmartScope, SmartClientUpdateInput, scopesAllow } from './smart.ts';

const HELD = ['system/Patient.rs', 'system/Observation.rs'];

describe('grantSmartScopes: what was asked, intersected with what the client holds (SMART 2.x)', () => {
  it.each([
    ['system/*.rs', ['system/Patient.rs', 'system/Observation.rs']],
    ['system/*.read', ['system/Patient.rs', 'system/Observation.rs']],
    ['system/Patient.read', ['system/Patient.rs']],
    ['system/Patient.r', ['system/Patient.r']],
    ['system/Patient.s system/Observation.rs', ['system/Patient.s', 'system/Observation.rs']],
    ['system/Patient.cruds', ['system/Patient.rs']],
    ['system/Device.rs', []],
    ['system/Device.rs system/Observation.read', ['system/Observation.rs']],
    ['system/Patient.write', []],
    ['system/Observation.rs?category=vital-signs', []],
    ['launch openid system/*.*', ['system/Patient.rs', 'system/Observation.rs']],
  ])('%s → %j', (asked, granted) => {
    expect(grantSmartScopes(asked.split(' '), HELD)).toEqual(granted);
  });

  it('reads v1 and v2 permissions', () => {
    expect(parseSmartScope('system/Patient.read')?.permissions).toEqual(new Set(['r', 's']));
    expect(parseSmartScope('system/Patient.r')?.permissions).toEqual(new Set(['r']));
    expect(parseSmartScope('system/Patient.')).toBeNull();
    expect(parseSmartScope('user/Patient.rs')).toBeNull();
    expect(scopesAllow(['system/Patient.r'], 'Patient', ['r'])).toBe(true);
    expect(scopesAllow(['system/Patient.r'], 'Patient', ['s'])).toBe(false);
    expect(scopesAllow(['system/*.rs'], 'Group')).toBe(true);
  });

  it('refuses an empty change of a client', () => {
    expect(SmartClientUpdateInput.safeParse({}).success).toBe(false);
    expect(SmartClientUpdateInput.safeParse({ disabled: true }).success).toBe(true);
  });
});
