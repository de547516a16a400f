import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FieldError } from '@/components/form/field-error.tsx';
import { FormField, NumericField } from '@/components/form/form-field.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { cn } from '@/lib/utils.ts';
import {
  ACVPU_OPTIONS,
  type ObservationsFormOutput,
  type ObservationsFormValues,
} from '../lib/observations-form.ts';

const OXYGEN_CHOICES = [
  { value: 'air', label: 'Room air' },
  { value: 'oxygen', label: 'Supplemental oxygen' },
] as const;

/** The NEWS2 set in chart order (RCP NEWS2 Chart 1), with the edit form's field components. */
export function ObservationsFields({
  form,
}: {
  form: UseFormReturn<ObservationsFormValues, unknown, ObservationsFormOutput>;
}) {
  const id = useId();
  const { register, formState } = form;
  const err = (name: keyof ObservationsFormValues) => formState.errors[name]?.message;
  const numeric = (name: keyof ObservationsFormValues, label: string, hint?: string) => (
    <NumericField
      id={`${id}-${name}`}
      label={label}
      hint={hint}
      error={err(name)}
      registration={register(name)}
      decimal={name === 'temperatureC'}
    />
  );
  const oxygenError = err('onSupplementalOxygen');

  return (
    <div className="grid grid-cols-2 gap-4">
      {numeric('respiratoryRate', 'Respiratory rate (/min)')}
      {numeric('oxygenLevel', 'SpO2 (%)')}
      <fieldset
        className="col-span-2 flex min-w-0 flex-col gap-1.5"
        aria-describedby={oxygenError ? `${id}-o2-error` : undefined}
      >
        <legend className="mb-1.5 font-medium text-sm leading-none">Air or oxygen</legend>
        <div className="flex flex-wrap gap-2">
          {OXYGEN_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className={cn(
                'flex min-h-10 flex-1 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                oxygenError && 'border-destructive',
              )}
            >
              <input
                type="radio"
                value={choice.value}
                className="size-4 accent-primary focus-visible:outline-none"
                aria-invalid={oxygenError ? true : undefined}
                {...register('onSupplementalOxygen')}
              />
              {choice.label}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-o2-error`} message={oxygenError} />
      </fieldset>
      {numeric('systolicBP', 'Systolic BP (mmHg)')}
      {numeric('diastolicBP', 'Diastolic BP (mmHg)')}
      {numeric('pulse', 'Pulse (bpm)')}
      {numeric('temperatureC', 'Temperature (°C)', 'One decimal, e.g. 37.2')}
      <FormField
        id={`${id}-acvpu`}
        label="Consciousness (ACVPU)"
        error={err('consciousness')}
        className="col-span-2"
      >
        {(aria) => (
          <NativeSelect {...aria} {...register('consciousness')}>
            <option value="" disabled>
              Choose…
            </option>
            {ACVPU_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
    </div>
  );
}
