import { CONDITIONS, VITAL_SIGNS, type VitalSign } from '@vigil/domain';
import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/form/form-field.tsx';
import { VitalField } from '@/components/form/vital-field.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import type { PatientFormValues } from '../lib/edit-patient-form.ts';

function hintOf(vital: VitalSign): string | undefined {
  if (vital.kind !== 'number') return undefined;
  if (vital.entry === 'celsius') return 'One decimal, e.g. 37.2';
  return vital.requiredOnPatient ? undefined : 'Empty if not recorded';
}

/** The fields of the edit-patient dialog: condition, every vital of the catalogue and the SpO2 scale. */
export function EditPatientFields({
  form,
  currentCondition,
}: {
  form: UseFormReturn<PatientFormValues>;
  currentCondition: string;
}) {
  const id = useId();
  const { register, control, formState } = form;
  const conditions = (CONDITIONS as readonly string[]).includes(currentCondition)
    ? CONDITIONS
    : [currentCondition, ...CONDITIONS];

  return (
    <div className="grid grid-cols-2 gap-4">
      <FormField
        id={`${id}-condition`}
        label="Condition"
        error={formState.errors.condition?.message}
        className="col-span-2"
      >
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
      {VITAL_SIGNS.map((vital) => (
        <VitalField
          key={vital.key}
          vital={vital}
          form={form}
          idPrefix={id}
          hint={hintOf(vital)}
          emptyChoice={{ label: 'Not recorded' }}
          className={vital.kind === 'boolean' ? 'col-span-2' : undefined}
        />
      ))}
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
