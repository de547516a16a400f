import { CONDITIONS, type Patient, type PatientUpdateInput, VITAL_SIGNS } from '@vigil/domain';
import { z } from 'zod';
import {
  BP_ORDER_ISSUE,
  isDiastolicBelowSystolic,
  type VitalFormName,
  vitalFormName,
  vitalFromText,
  vitalTextShape,
  vitalToText,
} from '@/lib/vital-form.ts';

/**
 * The "Edit patient" form. Values are the strings the inputs hold, one per vital of the catalogue;
 * temperature is entered in °C with one decimal and stored as tenths of °F (spec point 3). A vital
 * the patient record may lack (the NEWS2 additions) may be left empty: not recorded.
 */
export type PatientFormValues = { condition: string; spo2Scale2: boolean } & Record<VitalFormName, string>;

export function patientToFormValues(patient: Patient): PatientFormValues {
  const vitals = Object.fromEntries(
    VITAL_SIGNS.map((v) => [vitalFormName(v), vitalToText(v, patient[v.patientField])]),
  ) as Record<VitalFormName, string>;
  return { condition: patient.condition, ...vitals, spo2Scale2: patient.spo2Scale === 2 };
}

/** Client-side checks with messages a nurse can act on; the server re-validates everything. */
export const PatientFormSchema = z
  .object({
    condition: z.string().min(1, 'Condition is required'),
    ...vitalTextShape(VITAL_SIGNS, (v) => v.requiredOnPatient),
    spo2Scale2: z.boolean(),
  })
  .refine(isDiastolicBelowSystolic, BP_ORDER_ISSUE);

/** Whether a field was changed: "36.90" for "36.9" is not a change. */
function isChanged(initial: string, value: string): boolean {
  if (initial === value) return false;
  const isNumber = (s: string) => s.trim() !== '' && Number.isFinite(Number(s));
  return !(isNumber(initial) && isNumber(value) && Number(initial) === Number(value));
}

/**
 * The PATCH body: only the fields the nurse changed. An untouched temperature is not re-sent, so a
 * stored value that °C rounding cannot reproduce (985 → 36.9 °C → 984) is never silently altered.
 */
export function formValuesToPatch(initial: PatientFormValues, values: PatientFormValues): PatientUpdateInput {
  const patch: Record<string, unknown> = {};
  if (
    initial.condition !== values.condition &&
    (CONDITIONS as readonly string[]).includes(values.condition)
  ) {
    patch.condition = values.condition;
  }
  for (const vital of VITAL_SIGNS) {
    const name = vitalFormName(vital);
    if (isChanged(initial[name], values[name]))
      patch[vital.patientField] = vitalFromText(vital, values[name]);
  }
  if (initial.spo2Scale2 !== values.spo2Scale2) patch.spo2Scale = values.spo2Scale2 ? 2 : 1;
  return patch as PatientUpdateInput;
}
