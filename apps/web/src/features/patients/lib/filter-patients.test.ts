import type { Patient } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { makePatient, type PatientSpec } from '@/test/patient-factory.ts';
import {
  CONDITION_FILTERS,
  DEFAULT_PATIENT_SORT,
  filterPatients,
  matchesCondition,
  normalizeForSearch,
  parseConditionFilter,
  parsePatientSort,
  patientCountSummary,
  sortPatients,
} from './filter-patients.ts';

function patient(id: number, name: string, condition: string, oxygenLevel = 96, over: PatientSpec = {}) {
  return makePatient({ id, name, condition, oxygenLevel, pulse: 80, ...over });
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

describe('"My patients" with the condition filters', () => {
  it('keeps only the assigned patients, combined with a condition', () => {
    const mine = new Set([4, 12]);
    expect(names(filterPatients(WARD, { condition: 'all', search: '', onlyIds: mine }))).toEqual([
      'Thomas Brennan',
      'Fatima Al-Sayed',
    ]);
    expect(names(filterPatients(WARD, { condition: 'Critical', search: '', onlyIds: mine }))).toEqual([
      'Thomas Brennan',
    ]);
  });

  it('with no assignments counts the whole ward, never "0 patients · 0 critical"', () => {
    const shown = filterPatients(WARD, { condition: 'all', search: '', onlyIds: new Set() });
    expect(patientCountSummary(WARD, shown.length)).toBe('Showing 0 of 6 patients · 2 critical');
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

describe('the Critical filter and a high NEWS2', () => {
  // RR 26 (3), SpO2 89 on oxygen (3 + 2), pulse 124 (2): NEWS2 high, though the badge says Stable.
  const sickStable = patient(30, 'Sick Stable', 'Stable', 89, {
    respiratoryRate: 26,
    onSupplementalOxygen: true,
    pulse: 124,
  });
  const ward = [...WARD, sickStable];

  it('shows a patient whose NEWS2 band is high under Critical, whatever the badge says', () => {
    expect(sickStable.news2.band).toBe('high');
    expect(names(filterPatients(ward, { condition: 'Critical', search: '' }))).toEqual([
      'Margaret Okafor',
      'Thomas Brennan',
      'Sick Stable',
    ]);
    // …and still under the badge's own filter.
    expect(names(filterPatients(ward, { condition: 'Stable', search: '' }))).toContain('Sick Stable');
    expect(matchesCondition(sickStable, 'Improving')).toBe(false);
  });

  it('counts them among the critical patients', () => {
    expect(patientCountSummary(ward, ward.length)).toBe('7 patients · 3 critical');
  });

  it('leaves a medium NEWS2 under its badge only', () => {
    const medium = patient(31, 'Medium Stable', 'Stable', 94, { respiratoryRate: 22, pulse: 115 });
    expect(medium.news2.band).toBe('medium');
    expect(matchesCondition(medium, 'Critical')).toBe(false);
  });
});

describe('sortPatients', () => {
  const calm = patient(1, 'Calm Critical', 'Critical', 98);
  const stableButSick = patient(2, 'Sick Stable', 'Stable', 89, { respiratoryRate: 26, pulse: 124 });
  const medium = patient(3, 'Medium', 'Improving', 94, { respiratoryRate: 22 });

  it('puts the highest NEWS2 first by default, whatever the badge says', () => {
    expect(DEFAULT_PATIENT_SORT).toBe('news2');
    expect(sortPatients([calm, medium, stableButSick], 'news2').map((p) => p.id)).toEqual([2, 3, 1]);
  });

  it("orders by the server's score, not by the values", () => {
    // The summary the server sent: NEWS2 16 above NEWS2 10, though the critical badge and the
    // oxygen level would put the other first.
    const ten = patient(40, 'Ten', 'Critical', 95, { news2: { total: 10, band: 'high' } });
    const sixteen = patient(41, 'Sixteen', 'Stable', 90, { news2: { total: 16, band: 'high' } });
    expect(sortPatients([ten, sixteen], 'news2').map((p) => p.name)).toEqual(['Sixteen', 'Ten']);
    expect(sortPatients([ten, sixteen], 'spec').map((p) => p.name)).toEqual(['Ten', 'Sixteen']);
  });

  it("breaks NEWS2 ties in the spec's order: Critical first, then oxygen level descending", () => {
    const a = patient(50, 'Stable 99', 'Stable', 99);
    const b = patient(51, 'Critical 90', 'Critical', 90, { news2: { total: 0, band: 'low' } });
    const c = patient(52, 'Stable 97', 'Stable', 97);
    expect(sortPatients([c, a, b], 'news2').map((p) => p.id)).toEqual([51, 50, 52]);
  });

  it("keeps the spec's order on offer", () => {
    expect(sortPatients([stableButSick, calm, medium], 'spec').map((p) => p.id)).toEqual([1, 3, 2]);
  });

  it('reads the sort from the URL: only "spec" leaves the default', () => {
    expect(parsePatientSort('spec')).toBe('spec');
    expect(parsePatientSort('news2')).toBe('news2');
    expect(parsePatientSort('<script>')).toBe('news2');
    expect(parsePatientSort(null)).toBe('news2');
  });
});
