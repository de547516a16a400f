import type { Consciousness } from '../entities.ts';
import { type ReadingMeasurement, VITAL_SIGNS, type VitalKey, type VitalSign } from './catalogue.ts';

/** The value type of a vital sign: a number, an ACVPU level, or yes/no. */
type ValueOf<V extends ReadingMeasurement> = V extends { kind: 'number' }
  ? number
  : V extends { kind: 'choice' }
    ? Consciousness
    : boolean;

/**
 * Measurements by their reading names (`heartRate`, `temperature` in tenths of °F, `skinTemperature`);
 * null = not measured.
 */
export type VitalValues = {
  [V in ReadingMeasurement as V['readingField']]?: ValueOf<V> | null;
};

/** Vital signs by their patient-record names (`pulse` for the heart rate). */
export type PatientVitalValues = {
  [V in VitalSign as V['patientField']]?: ValueOf<V> | null;
};

const isRecorded = (value: unknown) => value !== null && value !== undefined;

/** A patient record's vitals under the reading names: `pulse` becomes `heartRate`. */
export function vitalsOfPatient(patient: PatientVitalValues): Required<Omit<VitalValues, 'skinTemperature'>> {
  const values: Record<string, unknown> = {};
  for (const v of VITAL_SIGNS) values[v.readingField] = patient[v.patientField] ?? null;
  return values as Required<Omit<VitalValues, 'skinTemperature'>>;
}

/**
 * The patient-record fields a reading sets: each vital it measured, under the patient's name for it
 * (`heartRate` sets `pulse`). What it did not measure is absent, so the record keeps its value.
 * Skin temperature is not a vital sign of the record: it never sets anything (least of all `temperature`).
 */
export function patientChangesOf(reading: VitalValues): PatientVitalValues {
  const changes: Record<string, unknown> = {};
  for (const v of VITAL_SIGNS) {
    const value = reading[v.readingField];
    if (isRecorded(value)) changes[v.patientField] = value;
  }
  return changes as PatientVitalValues;
}

/** The vital signs a reading measured (battery, steps and sleep are not vital signs). */
export function measuredVitals(reading: VitalValues): VitalKey[] {
  return VITAL_SIGNS.filter((v) => isRecorded(reading[v.readingField])).map((v) => v.key);
}
