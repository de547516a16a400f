import { CONDITIONS, type Condition, displayPatientId, type Patient, patientNews2 } from '@vigil/domain';

/** The dashboard's condition filter: every patient, or one condition (spec point 4, "Filter"). */
export type ConditionFilter = 'all' | Condition;

/** The filter buttons in spec order, with the spec's labels (point 2, "Patient Dashboard"). */
export const CONDITION_FILTERS: readonly { value: ConditionFilter; label: string }[] = [
  { value: 'all', label: 'All Patients' },
  ...CONDITIONS.map((condition) => ({ value: condition, label: condition })),
];

/** Reads a filter from untrusted text (the URL); anything unknown means every patient. */
export function parseConditionFilter(value: string | null | undefined): ConditionFilter {
  return CONDITIONS.find((condition) => condition === value) ?? 'all';
}

/** Lower case without accents, so "lucia" finds "Lucía" and "o'neill" finds "O'Neill". */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').trim();
}

export interface PatientFilter {
  condition: ConditionFilter;
  search: string;
}

/**
 * The patients to show, in the server's order (Critical first, then oxygen level descending: spec
 * point 9), which filtering never changes. The search matches the name case- and accent-insensitively,
 * or, when it is all digits, the displayed patient ID.
 */
export function filterPatients(
  patients: readonly Patient[],
  { condition, search }: PatientFilter,
): Patient[] {
  const query = normalizeForSearch(search);
  const isIdQuery = /^\d+$/.test(query);
  return patients.filter((patient) => {
    if (condition !== 'all' && patient.condition !== condition) return false;
    if (!query) return true;
    if (isIdQuery && String(displayPatientId(patient.id)).includes(query)) return true;
    return normalizeForSearch(patient.name).includes(query);
  });
}

function patientsText(count: number): string {
  return `${count} patient${count === 1 ? '' : 's'}`;
}

/**
 * The count line above the grid, e.g. "24 patients · 4 critical", or "Showing 4 of 24 patients ·
 * 4 critical" while a filter hides some. "critical" counts the whole ward.
 */
export function patientCountSummary(all: readonly Patient[], shown: number): string {
  const critical = all.filter((patient) => patient.condition === 'Critical').length;
  const count =
    shown === all.length ? patientsText(all.length) : `Showing ${shown} of ${patientsText(all.length)}`;
  return `${count} · ${critical} critical`;
}

/** The list's order: the spec's (point 9: Critical first, then oxygen level descending), or NEWS2. */
export type PatientSort = 'spec' | 'news2';

export const PATIENT_SORTS: readonly { value: PatientSort; label: string }[] = [
  { value: 'spec', label: 'Critical first, then oxygen' },
  { value: 'news2', label: 'NEWS2, highest first' },
];

/** Reads a sort from untrusted text (the URL); anything unknown means the spec's order. */
export function parsePatientSort(value: string | null | undefined): PatientSort {
  return value === 'news2' ? 'news2' : 'spec';
}

/**
 * The patients in the chosen order. "spec" keeps the server's order. "news2" puts the highest score
 * first, whatever the condition badge says (a "Stable" patient scoring 12 rises to the top); ties
 * keep the server's order (the sort is stable).
 */
export function sortPatients(patients: readonly Patient[], sort: PatientSort): Patient[] {
  if (sort === 'spec') return [...patients];
  const scores = new Map(patients.map((patient) => [patient.id, patientNews2(patient).total]));
  return [...patients].sort((a, b) => (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0));
}
