import { CONDITIONS, type Condition, compareForWard, displayPatientId, type Patient } from '@vigil/domain';
import { news2CriticalMark } from './condition-review.ts';

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
  /** "My patients": only these (the nurse's assignments this shift); null or absent for the whole ward. */
  onlyIds?: ReadonlySet<number> | null;
}

type FilteredPatient = Pick<Patient, 'id' | 'name' | 'condition' | 'news2'>;

/**
 * Whether a patient belongs under a condition filter. Under Critical also every patient whose NEWS2
 * band is high whatever the badge says (RCP Chart 4: emergency response), marked on the card: a
 * badge set by hand must never hide a patient the score says is critically ill.
 */
export function matchesCondition(patient: FilteredPatient, condition: ConditionFilter): boolean {
  if (condition === 'all' || patient.condition === condition) return true;
  return condition === 'Critical' && news2CriticalMark(patient) !== null;
}

/**
 * The patients to show, in the order given, which filtering never changes. The search matches the
 * name case- and accent-insensitively, or, when it is all digits, the displayed patient ID.
 */
export function filterPatients<P extends FilteredPatient>(
  patients: readonly P[],
  { condition, search, onlyIds }: PatientFilter,
): P[] {
  const query = normalizeForSearch(search);
  const isIdQuery = /^\d+$/.test(query);
  return patients.filter((patient) => {
    if (onlyIds && !onlyIds.has(patient.id)) return false;
    if (!matchesCondition(patient, condition)) return false;
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
 * 4 critical" while a filter ("My patients" too) hides some: `all` is always the whole ward, so the
 * line never reads "0 patients" on a ward that has some. "critical" counts the whole ward, as the
 * Critical filter shows it (a high NEWS2 included).
 */
export function patientCountSummary(all: readonly FilteredPatient[], shown: number): string {
  const critical = all.filter((patient) => matchesCondition(patient, 'Critical')).length;
  const count =
    shown === all.length ? patientsText(all.length) : `Showing ${shown} of ${patientsText(all.length)}`;
  return `${count} · ${critical} critical`;
}

/**
 * The list's order: NEWS2 highest first (the default: the sickest patient leads, whatever the badge
 * says), or the spec's (point 9: Critical first, then oxygen level descending), still offered.
 */
export type PatientSort = 'news2' | 'spec';

export const DEFAULT_PATIENT_SORT: PatientSort = 'news2';

export const PATIENT_SORTS: readonly { value: PatientSort; label: string }[] = [
  { value: 'news2', label: 'NEWS2, highest first' },
  { value: 'spec', label: 'Critical first, then oxygen' },
];

/** Reads a sort from untrusted text (the URL); anything unknown means the default, NEWS2. */
export function parsePatientSort(value: string | null | undefined): PatientSort {
  return value === 'spec' ? 'spec' : DEFAULT_PATIENT_SORT;
}

type SortedPatient = Pick<Patient, 'id' | 'condition' | 'oxygenLevel' | 'news2'>;

/**
 * The patients in the chosen order. "news2" puts the highest score of the server's summary first,
 * whatever the condition badge says (a "Stable" patient scoring 12 rises to the top), ties in the
 * spec's order; "spec" is the spec's order alone (Critical first, then oxygen level descending).
 */
export function sortPatients<P extends SortedPatient>(patients: readonly P[], sort: PatientSort): P[] {
  if (sort === 'spec') return [...patients].sort(compareForWard);
  return [...patients].sort((a, b) => b.news2.total - a.news2.total || compareForWard(a, b));
}

/** Whether "All Patients" is the filter in force: no condition, and not only "My patients". */
export const isWholeWard = (condition: ConditionFilter, isMine: boolean) => condition === 'all' && !isMine;
