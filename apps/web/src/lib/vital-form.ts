import {
  celsiusEntry,
  celsiusRange,
  celsiusToTenthsF,
  DIASTOLIC_BP,
  formatCelsius,
  type NumericVitalSign,
  SYSTOLIC_BP,
  tenthsFToCelsius,
  type VitalKey,
  type VitalSign,
  vitalValue,
} from '@vigil/domain';
import { z } from 'zod';

/**
 * Form values of the vital signs, derived from the domain's catalogue: the admit, edit and
 * record-observations dialogs hold what the nurse typed (text, °C for temperature) and turn it into
 * the API's values (numbers, tenths of °F, ACVPU letters, yes/no) here.
 */

/** The form field holding a vital: its catalogue key (`temperature` holds what was typed in °C). */
export type VitalFormName = VitalKey;

/** The kind of each form field's vital (`number`, `choice`, `boolean`), by form name. */
export type VitalKindByFormName = { [V in VitalSign as V['key']]: V['kind'] };

/** The form field's name for a catalogue row: its key. */
export function vitalFormName(vital: VitalSign): VitalFormName {
  return vital.key;
}

/** The form value of a choice the nurse makes for a yes/no vital: '' (none), the false or the true choice. */
const BOOLEAN_VALUE = { false: 'air', true: 'oxygen' } as const;

/** The options of a choice or yes/no vital, as a select or radio group lists them. */
export function vitalChoices(vital: VitalSign): readonly { value: string; label: string }[] {
  switch (vital.kind) {
    case 'choice':
      return vital.choices;
    case 'boolean':
      return [
        { value: BOOLEAN_VALUE.false, label: vital.labels.false },
        { value: BOOLEAN_VALUE.true, label: vital.labels.true },
      ];
    case 'number':
      return [];
  }
}

/** The name a message gives a vital: its short label, an all-capital abbreviation spelled out (RR). */
function messageName(vital: VitalSign): string {
  return /^[A-Z]+$/.test(vital.shortLabel) ? vital.label : vital.shortLabel;
}

/** "Choose the level of consciousness (ACVPU)", "Choose room air or supplemental oxygen". */
function chooseMessage(vital: VitalSign): string {
  if (vital.kind === 'boolean')
    return `Choose ${vital.labels.false.toLowerCase()} or ${vital.labels.true.toLowerCase()}`;
  return `Choose the ${vital.label.charAt(0).toLowerCase()}${vital.label.slice(1)}`;
}

function wholeNumberText(vital: NumericVitalSign, isRequired: boolean) {
  const name = messageName(vital);
  const { min, max } = vital.plausible;
  const message = `${name} must be a whole number from ${min} to ${max} ${vital.unit}`;
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') {
        if (isRequired) ctx.addIssue({ code: 'custom', message: `${name} is required` });
        return;
      }
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < min || n > max) ctx.addIssue({ code: 'custom', message });
    });
}

function celsiusText(vital: NumericVitalSign, isRequired: boolean) {
  const { min, max } = celsiusRange(vital);
  const text = z.string().trim();
  return (isRequired ? text.min(1, `${vital.label} is required`) : text).refine(
    (v) => v === '' || (/^\d{2}(\.\d)?$/.test(v) && Number(v) >= min && Number(v) <= max),
    `${vital.label} must be in °C with at most one decimal, from ${min.toFixed(1)} to ${max.toFixed(1)}`,
  );
}

/**
 * A vital typed into a text input or chosen in a select: a whole number inside the plausible range,
 * °C with at most one decimal, or one of the choices. Empty passes unless `isRequired`. The messages
 * say what to enter ("Pulse must be a whole number from 20 to 300 beats/min").
 */
export function vitalTextSchema(vital: VitalSign, isRequired: boolean): z.ZodType<string, string> {
  if (vital.kind === 'number')
    return vital.entry === 'celsius' ? celsiusText(vital, isRequired) : wholeNumberText(vital, isRequired);
  const values = vitalChoices(vital).map((c) => c.value) as [string, ...string[]];
  return isRequired ? z.string().pipe(z.enum(values, chooseMessage(vital))) : z.enum(['', ...values]);
}

/** Text schemas of every vital, by form name; `isRequired` says which must be filled in. */
export function vitalTextShape(vitals: readonly VitalSign[], isRequired: (vital: VitalSign) => boolean) {
  return Object.fromEntries(vitals.map((v) => [vitalFormName(v), vitalTextSchema(v, isRequired(v))])) as {
    [N in VitalFormName]: z.ZodType<string, string>;
  };
}

/** What an input shows for a stored value: '' when not recorded, °C with one decimal for temperature. */
export function vitalToText(vital: VitalSign, value: number | string | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (vital.kind === 'boolean') return value ? BOOLEAN_VALUE.true : BOOLEAN_VALUE.false;
  if (vital.kind === 'number' && vital.entry === 'celsius')
    return formatCelsius(tenthsFToCelsius(Number(value)));
  return String(value);
}

/** The API value of validated text: a number (tenths of °F for °C), an ACVPU letter, yes/no; null when empty. */
export function vitalFromText(vital: VitalSign, text: string): number | string | boolean | null {
  const value = text.trim();
  if (value === '') return null;
  switch (vital.kind) {
    case 'number':
      return vital.entry === 'celsius' ? celsiusToTenthsF(Number(value)) : Number(value);
    case 'choice':
      return value;
    case 'boolean':
      return value === BOOLEAN_VALUE.true;
  }
}

/** Text from an input as a number; '' means not entered. Accepts a decimal comma ("37,5"). */
function numberFromText(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? undefined : Number(trimmed);
}

/**
 * A vital as the admission form takes it, checked with the domain's own messages ("Oxygen level
 * (SpO2) is required: 50–100 %"): numbers typed as text (°C for temperature, sent as tenths of °F),
 * a choice or '' (not recorded), or a checkbox. The output is the API value, null when not recorded.
 */
export function vitalEntrySchema(vital: VitalSign) {
  switch (vital.kind) {
    case 'number': {
      const value = vital.entry === 'celsius' ? celsiusEntry(vital) : vitalValue(vital.key);
      return z
        .string()
        .transform(numberFromText)
        .pipe(vital.requiredOnPatient ? value : value.optional())
        .transform((v) => v ?? null);
    }
    case 'choice':
      return z
        .union([z.literal(''), vitalValue(vital.key)])
        .transform((value) => (value === '' ? null : value));
    case 'boolean':
      return z.boolean();
  }
}

/** Diastolic below systolic: passes unless both are whole numbers and the diastolic is not lower. */
export const isDiastolicBelowSystolic = (
  v: { [K in typeof SYSTOLIC_BP.key | typeof DIASTOLIC_BP.key]: string },
) => {
  const systolic = v[SYSTOLIC_BP.key];
  const diastolic = v[DIASTOLIC_BP.key];
  return !/^\d+$/.test(systolic) || !/^\d+$/.test(diastolic) || Number(diastolic) < Number(systolic);
};

/** The text forms' message for swapped pressures, on the diastolic field. */
export const BP_ORDER_ISSUE = {
  path: [vitalFormName(DIASTOLIC_BP)],
  message: 'Diastolic must be lower than systolic; check that the two values are not swapped',
};
