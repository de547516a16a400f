import { describe, expect, it } from 'vitest';
import { sortedByName } from './patient-label.ts';

describe('the Bluetooth patient list is unsorted (issue 40 item 9)', () => {
  it('orders patients by name, case- and accent-insensitive, numbers as numbers', () => {
    const ward = [
      { id: 1, name: 'Zoe Walker' },
      { id: 2, name: 'ada Lovelace' },
      { id: 3, name: 'Émile Durand' },
      { id: 4, name: 'Bed 10 Smith' },
      { id: 5, name: 'Bed 9 Smith' },
    ];
    expect(sortedByName(ward).map((p) => p.name)).toEqual([
      'ada Lovelace',
      'Bed 9 Smith',
      'Bed 10 Smith',
      'Émile Durand',
      'Zoe Walker',
    ]);
  });
});
