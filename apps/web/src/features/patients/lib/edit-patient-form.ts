import {
  CONDITIONS,
  CONSCIOUSNESS_LEVELS,
  type Consciousness,
  formatCelsius,
  type NumericVitalSign,
  type Patient,
  type PatientUpdateInput,
  tenthsFToCelsius,
  VITAL_SIGN_BY_KEY,
} from '@vigil/domain';
import { z } from 'zod';

/**
 * The "Edit patient" form. Values are the strings the inputs hold; temperature is entered in °C
 * with one decimal and stored as tenths of °F (spec point 3).
 */

/** °C (one decimal, as entered) to the stored tenths of °F: round((C × 9/5 + 32) × 10). */
export function celsiusToTenthsF(celsius: number): number {
  // toPrecision strips binary noise (e.g. 37.5 × 18 = 674.999…) before rounding half up.
  return Math.round(Number(((celsius * 9) / 5 + 32).toPrecision(12)) * 10);
}

export type OxygenChoice = '' | 'air' | 'oxygen';

export interface PatientFormValues {
  condition: string;
  oxygenLevel: string;
  pulse: string;
  systolicBP: string;
  diastolicBP: string;
  /** °C, one decimal. */
  temperatureC: string;
  /** Empty = not recorded. */
  respiratoryRate: string;
  consciousness: '' | Consciousness;
  onSupplementalOxygen: OxygenChoice;
  spo2Scale2: boolean;
}

export function patientToFormValues(patient: Patient): PatientFormValues {
  return {
    condition: patient.condition,
    oxygenLevel: String(patient.oxygenLevel),
    pulse: String(patient.pulse),
    systolicBP: String(patient.systolicBP),
    diastolicBP: String(patient.diastolicBP),
    temperatureC: formatCelsius(tenthsFToCelsius(patient.temperature)),
    respiratoryRate: patient.respiratoryRate === null ? '' : String(patient.respiratoryRate),
    consciousness: patient.consciousness ?? '',
    onSupplementalOxygen:
      patient.onSupplementalOxygen === null ? '' : patient.onSupplementalOxygen ? 'oxygen' : 'air',
    spo2Scale2: patient.spo2Scale === 2,
  };
}

const MIN_C = tenthsFToCelsius(VITAL_SIGN_BY_KEY.temperature.plausible.min);
const MAX_C = tenthsFToCelsius(VITAL_SIGN_BY_KEY.temperature.plausible.max);

/** A numeric vital's plausible range and unit, from the catalogue (for the field messages). */
export const vitalRange = (key: NumericVitalSign['key']) => ({
  ...VITAL_SIGN_BY_KEY[key].plausible,
  unit: VITAL_SIGN_BY_KEY[key].unit,
});

/** A whole number typed into a text input, inside the domain's plausible range (reused by other vitals forms). */
export function wholeNumberField(
  label: string,
  range: { min: number; max: number; unit: string },
  optional = false,
) {
  const message = `${label} must be a whole number from ${range.min} to ${range.max} ${range.unit}`;
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') {
        if (!optional) ctx.addIssue({ code: 'custom', message: `${label} is required` });
        return;
      }
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < range.min || n > range.max) ctx.addIssue({ code: 'custom', message });
    });
}

/** Temperature typed in °C with at most one decimal, inside the plausible 30.0–45.0 °C. */
export const temperatureCField = z
  .string()
  .trim()
  .min(1, 'Temperature is required')
  .refine(
    (v) => v === '' || (/^\d{2}(\.\d)?$/.test(v) && Number(v) >= MIN_C && Number(v) <= MAX_C),
    `Temperature must be in °C with at most one decimal, from ${MIN_C.toFixed(1)} to ${MAX_C.toFixed(1)}`,
  );

/** Passes unless both pressures are whole numbers and the diastolic is not below the systolic. */
export const isDiastolicBelowSystolic = (v: { systolicBP: string; diastolicBP: string }) =>
  !/^\d+$/.test(v.systolicBP) || !/^\d+$/.test(v.diastolicBP) || Number(v.diastolicBP) < Number(v.systolicBP);

export const BP_ORDER_ISSUE = {
  path: ['diastolicBP'],
  message: 'Diastolic must be lower than systolic; check that the two values are not swapped',
};

/** Client-side checks with messages a nurse can act on; the server re-validates everything. */
export const PatientFormSchema = z
  .object({
    condition: z.string().min(1, 'Condition is required'),
    oxygenLevel: wholeNumberField('SpO2', vitalRange('oxygenLevel')),
    pulse: wholeNumberField('Pulse', vitalRange('heartRate')),
    systolicBP: wholeNumberField('Systolic', vitalRange('systolicBP')),
    diastolicBP: wholeNumberField('Diastolic', vitalRange('diastolicBP')),
    temperatureC: temperatureCField,
    respiratoryRate: wholeNumberField('Respiratory rate', vitalRange('respiratoryRate'), true),
    consciousness: z.enum(['', ...CONSCIOUSNESS_LEVELS]),
    onSupplementalOxygen: z.enum(['', 'air', 'oxygen']),
    spo2Scale2: z.boolean(),
  })
  .refine(isDiastolicBelowSystolic, BP_ORDER_ISSUE);

function oxygenValue(choice: OxygenChoice): boolean | null {
  return choice === '' ? null : choice === 'oxygen';
}

/**
 * The PATCH body: only the fields the nurse changed. An untouched temperature is not re-sent, so a
 * stored value that °C rounding cannot reproduce (985 → 36.9 °C → 984) is never silently altered.
 */
export function formValuesToPatch(initial: PatientFormValues, values: PatientFormValues): PatientUpdateInput {
  const patch: PatientUpdateInput = {};
  const changed = (key: keyof PatientFormValues) => initial[key] !== values[key];
  if (changed('condition') && (CONDITIONS as readonly string[]).includes(values.condition)) {
    patch.condition = values.condition as PatientUpdateInput['condition'];
  }
  if (changed('oxygenLevel')) patch.oxygenLevel = Number(values.oxygenLevel);
  if (changed('pulse')) patch.pulse = Number(values.pulse);
  if (changed('systolicBP')) patch.systolicBP = Number(values.systolicBP);
  if (changed('diastolicBP')) patch.diastolicBP = Number(values.diastolicBP);
  if (changed('temperatureC') && Number(values.temperatureC) !== Number(initial.temperatureC)) {
    patch.temperature = celsiusToTenthsF(Number(values.temperatureC));
  }
  if (changed('respiratoryRate')) {
    patch.respiratoryRate = values.respiratoryRate.trim() === '' ? null : Number(values.respiratoryRate);
  }
  if (changed('consciousness'))
    patch.consciousness = values.consciousness === '' ? null : values.consciousness;
  if (changed('onSupplementalOxygen')) patch.onSupplementalOxygen = oxygenValue(values.onSupplementalOxygen);
  if (changed('spo2Scale2')) patch.spo2Scale = values.spo2Scale2 ? 2 : 1;
  return patch;
}
