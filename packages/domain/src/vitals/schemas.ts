import { z } from 'zod';
import {
  CORE_VITALS,
  type CoreVital,
  DIASTOLIC_BP,
  type MeasurementKey,
  type NumericVitalSign,
  READING_MEASUREMENTS,
  type ReadingMeasurement,
  type SKIN_TEMPERATURE,
  SYSTOLIC_BP,
  VITAL_SIGN_BY_KEY,
  VITAL_SIGNS,
  type VitalKey,
  type VitalSign,
} from './catalogue.ts';
import { CONSCIOUSNESS_LEVELS } from './consciousness.ts';
import { celsiusToTenthsF, tenthsFToCelsius } from './units.ts';

type NumericMeasurement = NumericVitalSign | typeof SKIN_TEMPERATURE;

/** How a vital's plausible range reads in a message: "20–300 beats/min". */
export function rangeText(vital: NumericMeasurement): string {
  const { min, max } = vital.plausible;
  return vital.unit === 'tenths of °F'
    ? `${min}–${max} ${vital.unit}, i.e. ${(min / 10).toFixed(1)}–${(max / 10).toFixed(1)} °F (986 = 98.6 °F)`
    : `${min}–${max} ${vital.unit}`;
}

/**
 * A number within min–max (whole when `whole`), with messages that name the vital and the range
 * (`range`) to fix it by.
 */
function rangedNumber(label: string, range: string, min: number, max: number, whole: boolean) {
  const outOfRange = `${label} must be within ${range}; re-measure or correct the entry`;
  const number = z.number({
    error: (issue) =>
      issue.input === undefined ? `${label} is required: ${range}` : `${label} must be a number: ${range}`,
  });
  return (whole ? number.int(`${label} must be a whole number: ${range}`) : number)
    .min(min, outOfRange)
    .max(max, outOfRange);
}

/** A whole number inside the vital's plausible range, with messages that say what to fix. */
function plausibleNumber(vital: NumericMeasurement) {
  const { min, max } = vital.plausible;
  return rangedNumber(vital.label, rangeText(vital), min, max, true);
}

/** The plausible range of a °C entry, in °C: 30.0–45.0 for temperature (stored in tenths of °F). */
export function celsiusRange(vital: NumericMeasurement): { min: number; max: number } {
  return { min: tenthsFToCelsius(vital.plausible.min), max: tenthsFToCelsius(vital.plausible.max) };
}

/**
 * A temperature as a person enters it, in °C ("Temperature must be within 30.0–45.0 °C"), turned
 * into the tenths of °F the API takes (`celsiusToTenthsF`).
 */
export function celsiusEntry(vital: NumericMeasurement) {
  const { min, max } = celsiusRange(vital);
  return rangedNumber(vital.label, `${min.toFixed(1)}–${max.toFixed(1)} °C`, min, max, false).transform(
    celsiusToTenthsF,
  );
}

/** The API schema of one vital sign's value, by its catalogue row. */
export function vitalValue<K extends VitalKey>(key: K) {
  const vital = VITAL_SIGN_BY_KEY[key] as (typeof VITAL_SIGNS)[number];
  switch (vital.kind) {
    case 'number':
      return plausibleNumber(vital) as unknown as VitalSchema<K>;
    case 'choice':
      return z.enum(
        CONSCIOUSNESS_LEVELS,
        'Consciousness must be one of A, C, V, P, U (ACVPU scale)',
      ) as unknown as VitalSchema<K>;
    case 'boolean':
      return z.boolean(`${vital.key} must be true or false`) as unknown as VitalSchema<K>;
  }
}

/** The schema of a measurement's value, by its catalogue row's kind: an ACVPU level, yes/no or a number. */
type VitalSchema<K extends MeasurementKey> = K extends unknown
  ? SchemaOfKind<Extract<ReadingMeasurement, { key: K }>['kind']>
  : never;
type SchemaOfKind<Kind extends ReadingMeasurement['kind']> = Kind extends 'choice'
  ? z.ZodEnum<{ [L in (typeof CONSCIOUSNESS_LEVELS)[number]]: L }>
  : Kind extends 'boolean'
    ? z.ZodBoolean
    : z.ZodNumber;

/**
 * Every vital sign under its reading name, each optional and nullable (a reading measures some):
 * the vital part of POST /api/device-readings.
 */
export function readingVitalsShape() {
  return Object.fromEntries(
    READING_MEASUREMENTS.map((v) => [
      v.readingField,
      (v.kind === 'number' ? plausibleNumber(v) : vitalValue(v.key)).nullish(),
    ]),
  ) as {
    [V in (typeof READING_MEASUREMENTS)[number] as V['readingField']]: z.ZodOptional<
      z.ZodNullable<VitalSchema<V['key']>>
    >;
  };
}

/** Diastolic below systolic, for any object with both: the one message for swapped pressures. */
export const BP_ORDER_MESSAGE =
  'Diastolic blood pressure must be lower than systolic; check that the two values are not swapped';

/** The two pressures, by their catalogue keys: what the blood-pressure order is checked on. */
type BloodPressures = { [K in typeof SYSTOLIC_BP.key | typeof DIASTOLIC_BP.key]: number };
/** Whether the diastolic pressure is below the systolic (see {@link BP_ORDER_MESSAGE}). */
export const isBpInOrder = (v: BloodPressures) => v[DIASTOLIC_BP.key] < v[SYSTOLIC_BP.key];
/** Where a swapped pair is reported: at the diastolic. */
export const BP_ORDER_PATH = [DIASTOLIC_BP.key];
/** Whether a validation issue is about either pressure (then their order is not checked as well). */
export const isBpIssue = (path: readonly PropertyKey[] | undefined) =>
  path?.[0] === SYSTOLIC_BP.key || path?.[0] === DIASTOLIC_BP.key;

/** The spec's four vitals, blood pressure as its two values: what every patient record has (cards' order). */
type CoreRow = CoreVital['rows'][number];
const CORE_ROWS = CORE_VITALS.flatMap((c): readonly CoreRow[] => c.rows);

/**
 * The spec's four vitals as a request must send them, each under its catalogue key (`key`) or the
 * patient record's wire name (`patientField`: `pulse`), in the cards' order.
 */
export function coreVitalFields<N extends 'key' | 'patientField'>(name: N) {
  return Object.fromEntries(CORE_ROWS.map((v) => [v[name], vitalValue(v.key)])) as {
    [V in CoreRow as V[N]]: VitalSchema<V['key']>;
  };
}

/** The same, each optional (a change of the record sends those it changes). */
export function optionalCoreVitalFields<N extends 'key' | 'patientField'>(name: N) {
  return Object.fromEntries(CORE_ROWS.map((v) => [v[name], vitalValue(v.key).optional()])) as {
    [V in CoreRow as V[N]]: z.ZodOptional<VitalSchema<V['key']>>;
  };
}

/** The vital signs a patient record may lack: the NEWS2 additions (catalogue rows not required on a patient). */
type OptionalRow = Exclude<VitalSign, CoreRow>;
const OPTIONAL_ROWS = VITAL_SIGNS.filter((v): v is OptionalRow => !v.requiredOnPatient);

/**
 * The NEWS2 parameters a patient's admission, edit or analysis request may leave out (or send as
 * null: not recorded), and the SpO2 scale (1 unless a clinician set a target of 88–92 %).
 */
export const news2OptionalFields = {
  ...(Object.fromEntries(OPTIONAL_ROWS.map((v) => [v.key, vitalValue(v.key).nullish()])) as {
    [V in OptionalRow as V['key']]: z.ZodOptional<z.ZodNullable<VitalSchema<V['key']>>>;
  }),
  spo2Scale: z
    .union([z.literal(1), z.literal(2)], {
      error: 'spo2Scale must be 1 or 2 (2 only for a target of 88–92 %)',
    })
    .optional(),
};
