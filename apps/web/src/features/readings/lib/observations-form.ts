import { type DeviceReadingInput, VITAL_SIGNS } from '@vigil/domain';
import { z } from 'zod';
import {
  BP_ORDER_ISSUE,
  isDiastolicBelowSystolic,
  type VitalFormName,
  vitalFormName,
  vitalFromText,
  vitalTextShape,
} from '@/lib/vital-form.ts';

/**
 * "Record observations": a full NEWS2 set measured now (RCP NEWS2 Chart 1), every vital of the
 * catalogue required. Field checks are the edit-patient form's (same messages, same plausible ranges
 * as the server); temperature is typed in °C and sent as tenths of °F (spec point 3).
 */
export const ObservationsFormSchema = z
  .object(vitalTextShape(VITAL_SIGNS, () => true))
  .refine(isDiastolicBelowSystolic, BP_ORDER_ISSUE);

/** What the inputs hold: text, and '' for a choice not made yet. Temperature in °C, one decimal. */
export type ObservationsFormValues = z.input<typeof ObservationsFormSchema>;
/** Validated values: both choices made. */
export type ObservationsFormOutput = z.output<typeof ObservationsFormSchema>;

/** Blank, never the last values: a copied old value must not pass for a new measurement. */
export const EMPTY_OBSERVATIONS = Object.fromEntries(
  VITAL_SIGNS.map((v) => [vitalFormName(v), '']),
) as ObservationsFormValues;

/** The POST /api/device-readings body for validated form values, measured at `readingTime`. */
export function observationsToReading(
  patientId: number,
  values: ObservationsFormOutput,
  readingTime: Date,
): DeviceReadingInput {
  const vitals = Object.fromEntries(
    VITAL_SIGNS.map((v) => [v.readingField, vitalFromText(v, values[vitalFormName(v)])]),
  );
  return {
    patientId,
    deviceName: 'Ward observations',
    connectionType: 'manual',
    readingTime: readingTime.toISOString(),
    ...vitals,
  };
}

/**
 * API field names in the server's 422 messages ("respiratoryRate: …") to the form's fields. The
 * server speaks tenths of °F while the nurse typed °C, so a temperature message goes above the form.
 */
const FIELD_OF_API: Record<string, VitalFormName> = Object.fromEntries(
  VITAL_SIGNS.filter((v) => v.kind !== 'number' || v.entry !== 'celsius').map((v) => [
    v.readingField,
    vitalFormName(v),
  ]),
);

/**
 * Where the server's 422 message belongs: under the field it names, without the API field name
 * ("respiratoryRate: Respiratory rate must be within 0–80 breaths/min; …"), or null for the form.
 */
export function fieldOfServerMessage(message: string): { field: VitalFormName; message: string } | null {
  const match = /^(\w+): (.+)$/s.exec(message);
  const field = match ? FIELD_OF_API[match[1]!] : undefined;
  return field && match ? { field, message: match[2]! } : null;
}
