import { describe, expect, it } from 'vitest';
import { isNavItemActive, type NavItemId } from './nav-active.ts';

const cases: Array<[path: string, active: NavItemId[]]> = [
  ['/', ['dashboard']],
  ['/patient/12', ['patients']],
  ['/patients', ['patients']],
  ['/patient/12/bluetooth', []],
  ['/bluetooth-manager', ['bluetooth-manager']],
  ['/bluetooth-manager/pair', ['bluetooth-manager']],
  ['/auth', []],
  ['/dashboard', []],
  ['/patientx', ['patients']],
  ['/unknown/patient/3', []],
  ['/alerts', ['alerts']],
  ['/alertsx', []],
];

const ids: NavItemId[] = ['dashboard', 'patients', 'alerts', 'bluetooth-manager'];

describe('isNavItemActive', () => {
  it.each(cases)('on %s highlights %j', (path, active) => {
    expect(ids.filter((id) => isNavItemActive(id, path))).toEqual(active);
  });
});
