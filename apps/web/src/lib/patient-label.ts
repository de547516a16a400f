import { DEMO_PATIENT_LABEL } from '@vigil/domain';

/**
 * A patient's name where a list, a select option or an alert names it in plain text: "Ada Lovelace
 * (Demo patient)" for one the demo seed created, so a demonstration never passes for a real person.
 */
export function patientLabel(patient: { name: string; isDemo: boolean }): string {
  return patient.isDemo ? `${patient.name} (${DEMO_PATIENT_LABEL})` : patient.name;
}
