import { BP_ORDER_MESSAGE, PatientCreateInput, VITAL_SIGNS } from '@vigil/domain';
import { z } from 'zod';
import {
  type VitalFormName,
  type VitalKindByFormName,
  vitalEntrySchema,
  vitalFormName,
} from '@/lib/vital-form.ts';

/**
 * The "Admit patient" form. The nurse types what a bedside thermometer shows (°C); the API stores
 * tenths of °F (spec point 3). Each vital of the catalogue is validated by the domain's own schema of
 * that vital (same messages as the server), and the result is parsed by PatientCreateInput as a whole.
 */

const field = PatientCreateInput.shape;

const vitalFields = Object.fromEntries(
  VITAL_SIGNS.map((v) => [vitalFormName(v), vitalEntrySchema(v)]),
) as unknown as {
  [N in VitalFormName]: VitalKindByFormName[N] extends 'boolean'
    ? z.ZodBoolean
    : z.ZodType<number | string | null, string>;
};

const bothPressuresValid = (issues: readonly { path?: PropertyKey[] }[]) =>
  !issues.some((issue) => issue.path?.[0] === 'systolicBP' || issue.path?.[0] === 'diastolicBP');

export const AdmitPatientFormSchema = z
  .object({
    name: field.name,
    condition: z.string().pipe(field.condition),
    ...vitalFields,
    /** NEWS2 SpO2 scale 2: only for a clinician-documented target of 88–92 %. */
    hasHypercapnicTarget: z.boolean(),
  })
  .refine((form) => Number(form.diastolicBP) < Number(form.systolicBP), {
    path: ['diastolicBP'],
    error: BP_ORDER_MESSAGE,
    // Also while other fields are still wrong, but only once both pressures are numbers in range.
    when: (payload) => bothPressuresValid(payload.issues),
  })
  .transform(({ name, condition, hasHypercapnicTarget, ...values }): z.input<typeof PatientCreateInput> => {
    const vitals = Object.fromEntries(VITAL_SIGNS.map((v) => [v.patientField, values[vitalFormName(v)]]));
    return { name, condition, ...vitals, spo2Scale: hasHypercapnicTarget ? 2 : 1 } as z.input<
      typeof PatientCreateInput
    >;
  })
  .pipe(PatientCreateInput);

export type AdmitPatientFormValues = z.input<typeof AdmitPatientFormSchema>;

export const ADMIT_PATIENT_DEFAULTS = {
  name: '',
  condition: '',
  ...Object.fromEntries(VITAL_SIGNS.map((v) => [vitalFormName(v), v.kind === 'boolean' ? false : ''])),
  hasHypercapnicTarget: false,
} as AdmitPatientFormValues;
