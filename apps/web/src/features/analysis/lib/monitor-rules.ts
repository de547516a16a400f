import {
  computeNews2,
  type News2Band,
  news2InputFromVitals,
  type Patient,
  type VitalPatientField,
  type VitalsAnalysisInput,
  vitalsFromPatient,
} from '@vigil/domain';

/** Spec point 6: the special high-priority patient of the original product. */
export const HIGH_PRIORITY_PATIENT_ID = 41;

/** Spec point 9, "Analysis refresh": every 5 minutes; every minute for a high-priority patient. */
export const MONITOR_REFRESH_MS = 5 * 60_000;
export const HIGH_PRIORITY_REFRESH_MS = 60_000;

/** Where the monitored vitals come from. Live devices (a later issue) pass their own. */
export interface MonitorDevice {
  name: string;
  /** Percent, or null/undefined when the source reports none. */
  batteryLevel?: number | null;
}

type PatientVitalFields = Pick<Patient, VitalPatientField | 'spo2Scale'>;

/** Until live devices arrive, the device is the watch type on record, else the ward's own observations. */
export function deviceForPatient(patient: Pick<Patient, 'vitalWatchType'>): MonitorDevice {
  return { name: patient.vitalWatchType ?? 'Ward observations', batteryLevel: null };
}

/** Spec point 2: "Simulation Mode" when the device name contains Demo or Simulation. */
export function connectionLabel(deviceName: string): 'Simulation Mode' | 'Real Device Connected' {
  return /Demo|Simulation/.test(deviceName) ? 'Simulation Mode' : 'Real Device Connected';
}

/** NEWS2 band (RCP 2017) of the patient's recorded vitals. */
export function news2BandOf(patient: PatientVitalFields): News2Band {
  return computeNews2(news2InputFromVitals(vitalsFromPatient(patient), patient.spo2Scale)).band;
}

function isMediumOrHigh(band: News2Band): boolean {
  return band === 'medium' || band === 'high';
}

/**
 * High priority (faster refresh, footer note): the spec's patient 41, or any patient whose NEWS2
 * band is medium or high, for whom RCP Chart 4 asks for at least hourly or continuous monitoring.
 */
export function isHighPriorityPatient(patient: PatientVitalFields & Pick<Patient, 'id'>): boolean {
  return patient.id === HIGH_PRIORITY_PATIENT_ID || isMediumOrHigh(news2BandOf(patient));
}

export function monitorRefreshMs(patient: PatientVitalFields & Pick<Patient, 'id'>): number {
  return isHighPriorityPatient(patient) ? HIGH_PRIORITY_REFRESH_MS : MONITOR_REFRESH_MS;
}

/** The monitor card is shown for a patient with a vital watch, or whose NEWS2 band is medium or high. */
export function shouldShowMonitor(patient: PatientVitalFields & Pick<Patient, 'hasVitalWatch'>): boolean {
  return patient.hasVitalWatch || isMediumOrHigh(news2BandOf(patient));
}

/** The body of POST /api/vitals/analysis for the patient's stored vitals. */
export function monitorInput(patient: PatientVitalFields & Pick<Patient, 'id'>): VitalsAnalysisInput {
  // The record's four required vitals are never null, so the reading-named values fit the input.
  return { patientId: patient.id, ...(vitalsFromPatient(patient) as Omit<VitalsAnalysisInput, 'patientId'>) };
}

/** Spec point 4: tiles at URGENT or CRITICAL are highlighted red. */
export function isHighlightedStatus(status: string): boolean {
  return status === 'URGENT' || status === 'CRITICAL';
}

const TOAST_TEXT_MAX = 200;

/**
 * The toast's description: the analysis text's first sentence (its headline, e.g. "NEWS2 14: high
 * clinical risk, red score in respiratory rate, SpO2."), so a 3 a.m. toast does not cover the page;
 * the full text is on the card.
 */
export function alertToastDescription(analysis: string): string {
  const text = analysis.trim();
  const sentence = /^(.+?[.!?])(?=\s|$)/s.exec(text)?.[1] ?? text;
  return sentence.length > TOAST_TEXT_MAX ? `${sentence.slice(0, TOAST_TEXT_MAX - 1).trimEnd()}…` : sentence;
}
