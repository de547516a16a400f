import { describe, expect, it } from 'vitest';
import { alertLevelTone } from './alert-tone.ts';

describe('alert-level colours (spec point 4)', () => {
  it.each([
    ['NORMAL', 'green', 'green'],
    ['ATTENTION', 'yellow', 'yellow'],
    ['URGENT', 'orange', 'orange'],
    ['CRITICAL', 'red', 'red'],
    ['UNKNOWN', 'grey', 'green'],
  ])('%s is %s elsewhere and %s on the patient page', (level, elsewhere, page) => {
    expect(alertLevelTone(level)).toBe(elsewhere);
    expect(alertLevelTone(level, 'green')).toBe(page);
  });
});
