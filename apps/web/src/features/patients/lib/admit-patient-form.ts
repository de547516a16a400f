import {
  BP_ORDER_MESSAGE,
  CONSCIOUSNESS_LEVELS,
  type Consciousness,
  PatientCreateInput,
  tenthsFToCelsius,
  VITAL_SIGN_BY_KEY,
} from '@vigil/domain';
import { z } from 'zod';

/**
 * The "Admit patient" form. The nurse types what a bedside thermometer shows (°C); the API stores
 * tenths of °F (spec point 3). Each field is validated by the domain's own PatientCreateInput field
 * schema (same messages as the server), and the result is parsed by PatientCreateInput as a whole.
 */

/**
 * °C to the stored unit, tenths of °F: tenthsF = round((C × 9/5 + 32) × 10), e.g. 37.0 → 986.
 * For a value with one decimal this never lands on .5 (0.1 °C = 1.8 tenths °F) and converts back to
 * the same displayed °C (the rounding error is at most 0.03 °C).
 */
export function celsiusToTenthsF(celsius: number): number {
  return Math.round(((celsius * 9) / 5) * 10 + 320);
}

/** The plausible temperature range of the domain (tenths °F), in °C: 30.0–45.0 °C. */
export const TEMPERATURE_C_RANGE = {
  min: tenthsFToCelsius(VITAL_SIGN_BY_KEY.temperature.plausible.min),
  max: tenthsFToCelsius(VITAL_SIGN_BY_KEY.temperature.plausible.max),
} as const;

/** ACVPU options with what each letter means at the bedside (RCP NEWS2). */
export const CONSCIOUSNESS_OPTIONS: readonly { value: Consciousness; label: string }[] = [
  { value: 'A', label: 'A: Alert' },
  { value: 'C', label: 'C: New confusion' },
  { value: 'V', label: 'V: Responds to voice' },
  { value: 'P', label: 'P: Responds to pain' },
  { value: 'U', label: 'U: Unresponsive' },
];

/** Text from an input as a number; '' means not entered. Accepts a decimal comma ("37,5"). */
function numberFromText(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? undefined : Number(trimmed);
}

const field = PatientCreateInput.shape;
const numeric = <T extends z.ZodType<unknown, number | undefined>>(schema: T) =>
  z.string().transform(numberFromText).pipe(schema);

const celsiusRange = `${TEMPERATURE_C_RANGE.min.toFixed(1)}–${TEMPERATURE_C_RANGE.max.toFixed(1)} °C`;
const temperatureC = z
  .number({
    error: (issue) =>
      issue.input === undefined
        ? `Temperature is required: ${celsiusRange}`
        : `Temperature must be a number: ${celsiusRange}`,
  })
  .min(TEMPERATURE_C_RANGE.min, `Temperature must be within ${celsiusRange}; re-measure or correct the entry`)
  .max(
    TEMPERATURE_C_RANGE.max,
    `Temperature must be within ${celsiusRange}; re-measure or correct the entry`,
  );

const bothPressuresValid = (issues: readonly { path?: PropertyKey[] }[]) =>
  !issues.some((issue) => issue.path?.[0] === 'systolicBP' || issue.path?.[0] === 'diastolicBP');

export const AdmitPatientFormSchema = z
  .object({
    name: field.name,
    condition: z.string().pipe(field.condition),
    oxygenLevel: numeric(field.oxygenLevel),
    pulse: numeric(field.pulse),
    systolicBP: numeric(field.systolicBP),
    diastolicBP: numeric(field.diastolicBP),
    temperatureC: numeric(temperatureC),
    respiratoryRate: numeric(field.respiratoryRate.unwrap().unwrap().optional()),
    consciousness: z
      .union([z.literal(''), z.enum(CONSCIOUSNESS_LEVELS)])
      .transform((value) => (value === '' ? null : value)),
    onSupplementalOxygen: z.boolean(),
    /** NEWS2 SpO2 scale 2: only for a clinician-documented target of 88–92 %. */
    hasHypercapnicTarget: z.boolean(),
  })
  .refine((form) => form.diastolicBP < form.systolicBP, {
    path: ['diastolicBP'],
    error: BP_ORDER_MESSAGE,
    // Also while other fields are still wrong, but only once both pressures are numbers in range.
    when: (payload) => bothPressuresValid(payload.issues),
  })
  .transform(
    ({ temperatureC: celsius, hasHypercapnicTarget, respiratoryRate, ...rest }): PatientCreateInput => ({
      ...rest,
      temperature: celsiusToTenthsF(celsius),
      respiratoryRate: respiratoryRate ?? null,
      spo2Scale: hasHypercapnicTarget ? 2 : 1,
    }),
  )
  .pipe(PatientCreateInput);

export type AdmitPatientFormValues = z.input<typeof AdmitPatientFormSchema>;

export const ADMIT_PATIENT_DEFAULTS: AdmitPatientFormValues = {
  name: '',
  condition: '',
  oxygenLevel: '',
  pulse: '',
  systolicBP: '',
  diastolicBP: '',
  temperatureC: '',
  respiratoryRate: '',
  consciousness: '',
  onSupplementalOxygen: false,
  hasHypercapnicTarget: false,
};
