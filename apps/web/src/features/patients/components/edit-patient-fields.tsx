import { CONDITIONS } from '@vigil/domain';
import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField, NumericField } from '@/components/form/form-field.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import type { PatientFormValues } from '../lib/edit-patient-form.ts';

/** The fields of the edit-patient dialog: condition, the four vitals and the NEWS2 inputs. */
export function EditPatientFields({
  form,
  currentCondition,
}: {
  form: UseFormReturn<PatientFormValues>;
  currentCondition: string;
}) {
  const id = useId();
  const { register, control, formState } = form;
  const err = (name: keyof PatientFormValues) => formState.errors[name]?.message;
  const numeric = (name: keyof PatientFormValues, label: string, hint?: string) => (
    <NumericField
      id={`${id}-${name}`}
      label={label}
      hint={hint}
      error={err(name)}
      registration={register(name)}
      decimal={name === 'temperatureC'}
    />
  );
  const conditions = (CONDITIONS as readonly string[]).includes(currentCondition)
    ? CONDITIONS
    : [currentCondition, ...CONDITIONS];

  return (
    <div className="grid grid-cols-2 gap-4">
      <FormField id={`${id}-condition`} label="Condition" error={err('condition')} className="col-span-2">
        {(aria) => (
          <NativeSelect {...aria} {...register('condition')}>
            {conditions.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {numeric('oxygenLevel', 'SpO2 (%)')}
      {numeric('pulse', 'Pulse (bpm)')}
      {numeric('systolicBP', 'Systolic (mmHg)')}
      {numeric('diastolicBP', 'Diastolic (mmHg)')}
      {numeric('temperatureC', 'Temperature (°C)', 'One decimal, e.g. 37.2')}
      {numeric('respiratoryRate', 'Respiratory rate (/min)', 'Empty if not recorded')}
      <FormField
        id={`${id}-acvpu`}
        label="Consciousness (ACVPU)"
        error={err('consciousness')}
        className="col-span-2 sm:col-span-1"
      >
        {(aria) => (
          <NativeSelect {...aria} {...register('consciousness')}>
            <option value="">Not recorded</option>
            <option value="A">A – Alert</option>
            <option value="C">C – New confusion</option>
            <option value="V">V – Responds to voice</option>
            <option value="P">P – Responds to pain</option>
            <option value="U">U – Unresponsive</option>
          </NativeSelect>
        )}
      </FormField>
      <FormField
        id={`${id}-oxygen`}
        label="On supplemental oxygen"
        error={err('onSupplementalOxygen')}
        className="col-span-2 sm:col-span-1"
      >
        {(aria) => (
          <NativeSelect {...aria} {...register('onSupplementalOxygen')}>
            <option value="">Not recorded</option>
            <option value="air">No (room air)</option>
            <option value="oxygen">Yes (oxygen)</option>
          </NativeSelect>
        )}
      </FormField>
      <div className="col-span-2 flex items-start gap-3">
        <Controller
          control={control}
          name="spo2Scale2"
          render={({ field }) => (
            <Checkbox
              id={`${id}-scale2`}
              className="mt-0.5"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              aria-describedby={`${id}-scale2-hint`}
            />
          )}
        />
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-scale2`}>SpO2 scale 2</Label>
          <p id={`${id}-scale2-hint`} className="text-muted-foreground text-xs">
            Only for a clinician-documented target of 88–92 % (hypercapnic respiratory failure).
          </p>
        </div>
      </div>
    </div>
  );
}
