import { CONDITIONS } from '@vigil/domain';
import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import type { PatientFormValues } from '../lib/patient-form.ts';
import { FormField } from './form-field.tsx';

const NUMERIC = { inputMode: 'numeric', autoComplete: 'off' } as const;

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
      <FormField id={`${id}-spo2`} label="SpO2 (%)" error={err('oxygenLevel')}>
        {(aria) => <Input {...aria} {...NUMERIC} {...register('oxygenLevel')} />}
      </FormField>
      <FormField id={`${id}-pulse`} label="Pulse (bpm)" error={err('pulse')}>
        {(aria) => <Input {...aria} {...NUMERIC} {...register('pulse')} />}
      </FormField>
      <FormField id={`${id}-systolic`} label="Systolic (mmHg)" error={err('systolicBP')}>
        {(aria) => <Input {...aria} {...NUMERIC} {...register('systolicBP')} />}
      </FormField>
      <FormField id={`${id}-diastolic`} label="Diastolic (mmHg)" error={err('diastolicBP')}>
        {(aria) => <Input {...aria} {...NUMERIC} {...register('diastolicBP')} />}
      </FormField>
      <FormField
        id={`${id}-temperature`}
        label="Temperature (°C)"
        hint="One decimal, e.g. 37.2"
        error={err('temperatureC')}
      >
        {(aria) => <Input {...aria} inputMode="decimal" autoComplete="off" {...register('temperatureC')} />}
      </FormField>
      <FormField
        id={`${id}-rr`}
        label="Respiratory rate (/min)"
        hint="Empty if not recorded"
        error={err('respiratoryRate')}
      >
        {(aria) => <Input {...aria} {...NUMERIC} {...register('respiratoryRate')} />}
      </FormField>
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
