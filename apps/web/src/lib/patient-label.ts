import { DEMO_PATIENT_LABEL } from '@vigil/domain';

/**
 * A patient's name where a list, a select option or an alert names it in plain text: "Ada Lovelace
 * (Demo patient)" for one the demo seed created, so a demonstration never passes for a real person.
 */
export function patientLabel(patient: { name: string; isDemo: boolean }): string {
  return patient.isDemo ? `${patient.name} (${DEMO_PATIENT_LABEL})` : patient.name;
}

/**
 * The label of the patient with this id in a list the screen passed in, or "Patient 7" while the
 * list is loading or when it lacks them (a discharged patient's old alert).
 */
export function patientLabelOf(
  patients: readonly { id: number; name: string; isDemo: boolean }[] | undefined,
  id: number,
): string {
  const patient = patients?.find((p) => p.id === id);
  return patient ? patientLabel(patient) : `Patient ${id}`;
}

const byName = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });

/**
 * Patients in the order a person looks one up in a select: by name, case- and accent-insensitive
 * (the ward list's order, by condition and oxygen, reads as unsorted there).
 */
export function sortedByName<P extends { name: string; id: number }>(patients: readonly P[]): P[] {
  return [...patients].sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
}
