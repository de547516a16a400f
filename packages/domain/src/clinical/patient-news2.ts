import { alertLevelFromNews2 } from './alert.ts';
import { type PatientVitals, vitalsFromPatient } from './analysis.ts';
import type { AlertLevel } from './analysis-schema.ts';
import { computeNews2, type News2Result, news2InputFromVitals } from './news2.ts';

/** NEWS2 of a patient record's current vitals (entity names: `pulse`, temperature in tenths °F). */
export function patientNews2(patient: PatientVitals): News2Result {
  const vitals = vitalsFromPatient(patient);
  return computeNews2(news2InputFromVitals(vitals, vitals.spo2Scale));
}

/** The rule-based alert level of a patient record's current vitals. */
export function patientAlertLevel(patient: PatientVitals): AlertLevel {
  return alertLevelFromNews2(patientNews2(patient));
}
