import type { VitalSign } from '@vigil/domain';
import { type FieldValues, type Path, type UseFormReturn, useController } from 'react-hook-form';
import { cn } from '@/lib/utils.ts';
import { vitalChoices, vitalFormName } from '@/lib/vital-form.ts';
import { Checkbox } from '../ui/checkbox.tsx';
import { Label } from '../ui/label.tsx';
import { NativeSelect } from '../ui/native-select.tsx';
import { FieldError } from './field-error.tsx';
import { type FieldProps, FormField, NumericField } from './form-field.tsx';

interface VitalFieldProps<T extends FieldValues, U> {
  /** The catalogue row: its form label, entry (whole number or °C) and choices. */
  vital: VitalSign;
  form: UseFormReturn<T, unknown, U>;
  /** Prefix of the control's id (from useId). */
  idPrefix: string;
  hint?: string | undefined;
  layout?: FieldProps['layout'];
  className?: string | undefined;
  /** How a yes/no vital is asked: a select with `emptyChoice`, two radio buttons, or a checkbox. */
  booleanControl?: 'select' | 'radio' | 'checkbox';
  /** The first option of a select, for "not recorded" or "choose". */
  emptyChoice?: { label: string; isDisabled?: boolean };
}

/**
 * One vital sign's form field, rendered from its catalogue row: a whole number, °C with one decimal,
 * the ACVPU choice, or air/oxygen. The form field is named by {@link vitalFormName}.
 */
export function VitalField<T extends FieldValues, U>({
  vital,
  form,
  idPrefix,
  hint,
  layout,
  className,
  booleanControl = 'select',
  emptyChoice,
}: VitalFieldProps<T, U>) {
  const name = vitalFormName(vital) as Path<T>;
  const id = `${idPrefix}-${name}`;
  const error = (form.formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const field = { id, label: vital.formLabel, hint, error, layout, className };

  if (vital.kind === 'number') {
    return <NumericField {...field} registration={form.register(name)} decimal={vital.entry === 'celsius'} />;
  }
  if (vital.kind === 'boolean' && booleanControl === 'checkbox') {
    return <VitalCheckbox id={id} name={name} form={form} label={`On ${vital.labels.true.toLowerCase()}`} />;
  }
  if (vital.kind === 'boolean' && booleanControl === 'radio') {
    return <VitalRadios {...field} vital={vital} registration={form.register(name)} />;
  }
  return (
    <FormField {...field}>
      {(aria) => (
        <NativeSelect {...aria} {...form.register(name)}>
          {emptyChoice && (
            <option value="" disabled={emptyChoice.isDisabled}>
              {emptyChoice.label}
            </option>
          )}
          {vitalChoices(vital).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

/** A yes/no vital as two radio buttons under the form label as legend ("Room air", "Supplemental oxygen"). */
function VitalRadios({
  vital,
  id,
  label,
  error,
  registration,
}: FieldProps & { vital: VitalSign; registration: ReturnType<UseFormReturn['register']> }) {
  return (
    <fieldset
      className="col-span-2 flex min-w-0 flex-col gap-1.5"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-1.5 font-medium text-sm leading-none">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {vitalChoices(vital).map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'flex min-h-10 flex-1 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              error && 'border-destructive',
            )}
          >
            <input
              type="radio"
              value={choice.value}
              className="size-4 accent-primary focus-visible:outline-none"
              aria-invalid={error ? true : undefined}
              {...registration}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** A yes/no vital as one checkbox ("On supplemental oxygen"). */
function VitalCheckbox<T extends FieldValues, U>({
  id,
  name,
  form,
  label,
}: {
  id: string;
  name: Path<T>;
  form: UseFormReturn<T, unknown, U>;
  label: string;
}) {
  const { field } = useController({ control: form.control, name });
  return (
    <div className="flex items-center gap-3">
      <Checkbox
        id={id}
        ref={field.ref}
        checked={field.value === true}
        onCheckedChange={(checked) => field.onChange(checked === true)}
        onBlur={field.onBlur}
      />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
