import type { Patient } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import {
  CONDITION_FILTERS,
  filterPatients,
  normalizeForSearch,
  parseConditionFilter,
  parsePatientSort,
  patientCountSummary,
  sortPatients,
} from './filter-patients.ts';

function patient(id: number, name: string, condition: string, oxygenLevel = 96): Patient {
  return {
    id,
    name,
    condition,
    oxygenLevel,
    pulse: 80,
    systolicBP: 120,
    diastolicBP: 80,
    temperature: 986,
    lastUpdated: '2026-03-02T08:00:00.000Z',
    hasVitalWatch: false,
    vitalWatchType: null,
    vitalWatchConnected: false,
    respiratoryRate: 16,
    consciousness: 'A',
    onSupplementalOxygen: false,
    spo2Scale: 1,
    createdAt: '2026-03-01T08:00:00.000Z',
  };
}

// Server order: Critical first, then oxygen level descending (spec point 9).
const WARD = [
  patient(1, 'Margaret Okafor', 'Critical', 89),
  patient(4, 'Thomas Brennan', 'Critical', 88),
  patient(12, 'Fatima Al-Sayed', 'Stable', 99),
  patient(9, 'Lucía Moreno', 'Improving', 97),
  patient(17, "Siobhan O'Neill", 'Stable', 95),
  patient(22, 'Oluwaseun Bello', 'Recovering', 95),
];
const names = (list: Patient[]) => list.map((p) => p.name);

describe('CONDITION_FILTERS', () => {
  it('lists the spec buttons in order', () => {
    expect(CONDITION_FILTERS.map((f) => f.label)).toEqual([
      'All Patients',
      'Critical',
      'Improving',
      'Stable',
      'Recovering',
    ]);
  });
});

describe('parseConditionFilter', () => {
  it.each([
    ['Critical', 'Critical'],
    ['Recovering', 'Recovering'],
    ['critical', 'all'],
    ['Discharged', 'all'],
    ['', 'all'],
    [null, 'all'],
    [undefined, 'all'],
  ])('%j → %s', (input, expected) => {
    expect(parseConditionFilter(input)).toBe(expected);
  });
});

describe('filterPatients', () => {
  it('returns everyone in server order for All Patients and no search', () => {
    expect(filterPatients(WARD, { condition: 'all', search: '' })).toEqual(WARD);
  });

  it('keeps only the chosen condition, in server order', () => {
    expect(names(filterPatients(WARD, { condition: 'Critical', search: '' }))).toEqual([
      'Margaret Okafor',
      'Thomas Brennan',
    ]);
    expect(names(filterPatients(WARD, { condition: 'Stable', search: '' }))).toEqual([
      'Fatima Al-Sayed',
      "Siobhan O'Neill",
    ]);
  });

  it.each([
    ['okafor', ['Margaret Okafor']],
    ['OKAFOR', ['Margaret Okafor']],
    ['  brennan ', ['Thomas Brennan']],
    ['lucia', ['Lucía Moreno']],
    ["o'neill", ["Siobhan O'Neill"]],
    ['al-s', ['Fatima Al-Sayed']],
    ['ell', ['Oluwaseun Bello']],
    ['zzz', []],
  ])('search %j → %j', (search, expected) => {
    expect(names(filterPatients(WARD, { condition: 'all', search }))).toEqual(expected);
  });

  it('combines the condition and the search', () => {
    expect(names(filterPatients(WARD, { condition: 'Critical', search: 'o' }))).toEqual([
      'Margaret Okafor',
      'Thomas Brennan',
    ]);
    expect(filterPatients(WARD, { condition: 'Recovering', search: 'okafor' })).toEqual([]);
  });

  it('finds a patient by the displayed ID', () => {
    expect(names(filterPatients(WARD, { condition: 'all', search: '345345012' }))).toEqual([
      'Fatima Al-Sayed',
    ]);
  });

  it('does not change the list it was given', () => {
    const copy = [...WARD];
    filterPatients(WARD, { condition: 'Stable', search: 'x' });
    expect(WARD).toEqual(copy);
  });
});

describe('normalizeForSearch', () => {
  it('drops case and accents', () => {
    expect(normalizeForSearch('  Lucía ÉLODIE ')).toBe('lucia elodie');
  });
});

describe('patientCountSummary', () => {
  it('counts the ward and its critical patients', () => {
    expect(patientCountSummary(WARD, WARD.length)).toBe('6 patients · 2 critical');
  });

  it('says how many are shown while filtered', () => {
    expect(patientCountSummary(WARD, 2)).toBe('Showing 2 of 6 patients · 2 critical');
  });

  it('uses the singular for one patient', () => {
    expect(patientCountSummary([WARD[2]!], 1)).toBe('1 patient · 0 critical');
  });
});

describe('sortPatients', () => {
  it('keeps the server order for the spec sort, and puts the highest NEWS2 first for news2', () => {
    const calm = patient(1, 'Calm Critical', 'Critical', 98);
    const stableButSick = { ...patient(2, 'Sick Stable', 'Stable', 89), respiratoryRate: 26, pulse: 124 };
    const medium = { ...patient(3, 'Medium', 'Improving', 94), respiratoryRate: 22 };
    const list = [calm, medium, stableButSick];
    expect(sortPatients(list, 'spec').map((p) => p.id)).toEqual([1, 3, 2]);
    expect(sortPatients(list, 'news2').map((p) => p.id)).toEqual([2, 3, 1]);
    expect(parsePatientSort('news2')).toBe('news2');
    expect(parsePatientSort('<script>')).toBe('spec');
  });
});
