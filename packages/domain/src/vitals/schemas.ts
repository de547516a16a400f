import { z } from 'zod';
import { CONSCIOUSNESS_LEVELS } from '../entities.ts';
import {
  type MeasurementKey,
  type NumericVitalSign,
  READING_MEASUREMENTS,
  type SKIN_TEMPERATURE,
  VITAL_SIGN_BY_KEY,
  type VITAL_SIGNS,
  type VitalKey,
} from './catalogue.ts';

type NumericMeasurement = NumericVitalSign | typeof SKIN_TEMPERATURE;

/** How a vital's plausible range reads in a message: "20–300 beats/min". */
export function rangeText(vital: NumericMeasurement): string {
  const { min, max } = vital.plausible;
  return vital.unit === 'tenths of °F'
    ? `${min}–${max} ${vital.unit}, i.e. ${(min / 10).toFixed(1)}–${(max / 10).toFixed(1)} °F (986 = 98.6 °F)`
    : `${min}–${max} ${vital.unit}`;
}

/** A whole number inside the vital's plausible range, with messages that say what to fix. */
function plausibleNumber(vital: NumericMeasurement) {
  const { min, max } = vital.plausible;
  const range = rangeText(vital);
  const outOfRange = `${vital.label} must be within ${range}; re-measure or correct the entry`;
  return z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? `${vital.label} is required: ${range}`
          : `${vital.label} must be a number: ${range}`,
    })
    .int(`${vital.label} must be a whole number: ${range}`)
    .min(min, outOfRange)
    .max(max, outOfRange);
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

type VitalSchema<K extends MeasurementKey> = K extends 'consciousness'
  ? z.ZodEnum<{ [L in (typeof CONSCIOUSNESS_LEVELS)[number]]: L }>
  : K extends 'onSupplementalOxygen'
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
