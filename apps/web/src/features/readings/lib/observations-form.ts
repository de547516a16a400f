import { CONSCIOUSNESS_LEVELS, type Consciousness, type DeviceReadingInput } from '@vigil/domain';
import { z } from 'zod';
import {
  BP_ORDER_ISSUE,
  celsiusToTenthsF,
  isDiastolicBelowSystolic,
  temperatureCField,
  vitalRange,
  wholeNumberField,
} from '@/features/patients/lib/edit-patient-form.ts';

/**
 * "Record observations": a full NEWS2 set measured now (RCP NEWS2 Chart 1), every field required.
 * Field checks are the edit-patient form's (same messages, same plausible ranges as the server);
 * temperature is typed in °C and sent as tenths of °F (spec point 3).
 */

/** ACVPU with what each letter means at the bedside (RCP NEWS2). */
export const ACVPU_OPTIONS: readonly { value: Consciousness; label: string }[] = [
  { value: 'A', label: 'A – Alert' },
  { value: 'C', label: 'C – New confusion' },
  { value: 'V', label: 'V – Responds to voice' },
  { value: 'P', label: 'P – Responds to pain' },
  { value: 'U', label: 'U – Unresponsive' },
];

export const ObservationsFormSchema = z
  .object({
    respiratoryRate: wholeNumberField('Respiratory rate', vitalRange('respiratoryRate')),
    oxygenLevel: wholeNumberField('SpO2', vitalRange('oxygenLevel')),
    onSupplementalOxygen: z
      .string()
      .pipe(z.enum(['air', 'oxygen'], 'Choose room air or supplemental oxygen')),
    systolicBP: wholeNumberField('Systolic', vitalRange('systolicBP')),
    diastolicBP: wholeNumberField('Diastolic', vitalRange('diastolicBP')),
    pulse: wholeNumberField('Pulse', vitalRange('heartRate')),
    consciousness: z.string().pipe(z.enum(CONSCIOUSNESS_LEVELS, 'Choose the level of consciousness (ACVPU)')),
    temperatureC: temperatureCField,
  })
  .refine(isDiastolicBelowSystolic, BP_ORDER_ISSUE);

/** What the inputs hold: text, and '' for a choice not made yet. Temperature in °C, one decimal. */
export type ObservationsFormValues = z.input<typeof ObservationsFormSchema>;
/** Validated values: both choices made. */
export type ObservationsFormOutput = z.output<typeof ObservationsFormSchema>;

/** Blank, never the last values: a copied old value must not pass for a new measurement. */
export const EMPTY_OBSERVATIONS: ObservationsFormValues = {
  respiratoryRate: '',
  oxygenLevel: '',
  onSupplementalOxygen: '',
  systolicBP: '',
  diastolicBP: '',
  pulse: '',
  consciousness: '',
  temperatureC: '',
};

/** The POST /api/device-readings body for validated form values, measured at `readingTime`. */
export function observationsToReading(
  patientId: number,
  values: ObservationsFormOutput,
  readingTime: Date,
): DeviceReadingInput {
  return {
    patientId,
    deviceName: 'Ward observations',
    connectionType: 'manual',
    readingTime: readingTime.toISOString(),
    respiratoryRate: Number(values.respiratoryRate),
    oxygenLevel: Number(values.oxygenLevel),
    onSupplementalOxygen: values.onSupplementalOxygen === 'oxygen',
    systolicBP: Number(values.systolicBP),
    diastolicBP: Number(values.diastolicBP),
    heartRate: Number(values.pulse),
    consciousness: values.consciousness,
    temperature: celsiusToTenthsF(Number(values.temperatureC)),
  };
}

/** API field names in the server's 422 messages ("respiratoryRate: …") to the form's fields. */
const FIELD_OF_API: Record<string, keyof ObservationsFormValues> = {
  respiratoryRate: 'respiratoryRate',
  oxygenLevel: 'oxygenLevel',
  onSupplementalOxygen: 'onSupplementalOxygen',
  systolicBP: 'systolicBP',
  diastolicBP: 'diastolicBP',
  heartRate: 'pulse',
  consciousness: 'consciousness',
  // The server speaks tenths of °F; the nurse typed °C, so its message goes above the form instead.
};

/**
 * Where the server's 422 message belongs: under the field it names, without the API field name
 * ("respiratoryRate: Respiratory rate must be within 0–80 breaths/min; …"), or null for the form.
 */
export function fieldOfServerMessage(
  message: string,
): { field: keyof ObservationsFormValues; message: string } | null {
  const match = /^(\w+): (.+)$/s.exec(message);
  const field = match ? FIELD_OF_API[match[1]!] : undefined;
  return field && match ? { field, message: match[2]! } : null;
}
