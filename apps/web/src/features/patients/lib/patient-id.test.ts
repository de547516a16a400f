import { describe, expect, it } from 'vitest';
import { parsePatientId } from './patient-id.ts';

describe('parsePatientId', () => {
  it.each([
    ['1', 1],
    ['41', 41],
    ['999999', 999999],
    ['0', null],
    ['-3', null],
    ['abc', null],
    ['1.5', null],
    ['12abc', null],
    ['', null],
    [undefined, null],
    ['99999999999999999999', null],
  ])('%s → %s', (segment, id) => {
    expect(parsePatientId(segment)).toBe(id);
  });
});
