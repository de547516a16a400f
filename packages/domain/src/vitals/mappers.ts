import {
  type MeasurementKey,
  READING_MEASUREMENTS,
  type ReadingMeasurement,
  VITAL_SIGNS,
  type VitalKey,
  type VitalSign,
} from './catalogue.ts';
import type { Consciousness } from './consciousness.ts';

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

/**
 * A patient's vital signs as the server holds and scores them: every one, by the catalogue's keys,
 * the names a reading uses too (`heartRate`); null = not recorded.
 */
export type VitalState = {
  [V in VitalSign as V['key']]: ValueOf<V> | null;
};

/**
 * Vital signs by the patient record's wire names (`pulse` for the heart rate): the API's shape
 * (docs/reference/product-spec.md point 3), mapped from and to {@link VitalState} only at the edge.
 */
export type PatientVitalValues = {
  [V in VitalSign as V['patientField']]?: ValueOf<V> | null;
};

const isRecorded = (value: unknown) => value !== null && value !== undefined;

/** A patient record's vitals (wire) by the catalogue's keys: `pulse` becomes `heartRate`. */
export function vitalsOfPatient(patient: PatientVitalValues): VitalState {
  const values: Record<string, unknown> = {};
  for (const v of VITAL_SIGNS) values[v.key] = patient[v.patientField] ?? null;
  return values as VitalState;
}

/**
 * The vital signs of anything that holds them by the catalogue's keys (a patient row, a score's
 * input), and nothing else: one per catalogue row, in its order.
 */
export function vitalStateOf<T extends Record<VitalKey, unknown>>(values: T): Pick<T, VitalKey> {
  return Object.fromEntries(VITAL_SIGNS.map((v) => [v.key, values[v.key]])) as Pick<T, VitalKey>;
}

/**
 * Anything holding vital signs by the catalogue's keys with every one it leaves out (the NEWS2
 * additions an admission may omit) as null: not sent is not recorded.
 */
export function withUnrecordedVitals<T extends Partial<Record<VitalKey, unknown>>>(
  values: T,
): T & { [K in keyof T & VitalKey]-?: Exclude<T[K], undefined> | null } {
  const out: Record<string, unknown> = { ...values };
  for (const v of VITAL_SIGNS) out[v.key] = values[v.key] ?? null;
  return out as T & { [K in keyof T & VitalKey]-?: Exclude<T[K], undefined> | null };
}

/** The measurements of anything that holds them by their reading names (a stored reading), and nothing else. */
export function measurementsOf<T extends Record<MeasurementKey, unknown>>(
  values: T,
): Pick<T, MeasurementKey> {
  return Object.fromEntries(
    READING_MEASUREMENTS.map((v) => [v.readingField, values[v.readingField]]),
  ) as Pick<T, MeasurementKey>;
}

/** The vital signs a reading measured (battery, steps and sleep are not vital signs). */
export function measuredVitals(reading: VitalValues): VitalKey[] {
  return VITAL_SIGNS.filter((v) => isRecorded(reading[v.readingField])).map((v) => v.key);
}

type KeyOfField = { [V in VitalSign as V['patientField']]: V['key'] };
type FieldOfKey = { [V in VitalSign as V['key']]: V['patientField'] };
const KEY_OF_FIELD = new Map<string, string>(VITAL_SIGNS.map((v) => [v.patientField, v.key]));
const FIELD_OF_KEY = new Map<string, string>(VITAL_SIGNS.map((v) => [v.key, v.patientField]));

/** An object of the wire with its vital fields under the catalogue's keys (`pulse` → `heartRate`). */
export type WithVitalKeys<T> = { [K in keyof T as K extends keyof KeyOfField ? KeyOfField[K] : K]: T[K] };
/** An object of the server with its vital fields under the wire's names (`heartRate` → `pulse`). */
export type WithPatientFields<T> = { [K in keyof T as K extends keyof FieldOfKey ? FieldOfKey[K] : K]: T[K] };

function renamed(object: object, names: Map<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(object)) out[names.get(name) ?? name] = value;
  return out;
}

/**
 * A patient request as it arrives (POST/PATCH /api/patients) with its vitals under the catalogue's
 * keys; every other field as it is. The API edge's one renaming, from the catalogue rows.
 */
export function withVitalKeys<T extends object>(wire: T): WithVitalKeys<T> {
  return renamed(wire, KEY_OF_FIELD) as WithVitalKeys<T>;
}

/** The inverse, for what leaves by the API: vitals under the patient record's wire names. */
export function withPatientFields<T extends object>(state: T): WithPatientFields<T> {
  return renamed(state, FIELD_OF_KEY) as WithPatientFields<T>;
}
