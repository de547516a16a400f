import { zodResolver } from '@hookform/resolvers/zod';
import { CONDITIONS } from '@vigil/domain';
import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormAlert } from '@/components/form/form-alert.tsx';
import { Field, fieldAria, NumberField } from '@/components/form/grid-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { DialogClose, DialogFooter } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { describeError } from '@/lib/error-message.ts';
import { useAdmitPatient } from '../api/admit-patient.ts';
import {
  ADMIT_PATIENT_DEFAULTS,
  AdmitPatientFormSchema,
  CONSCIOUSNESS_OPTIONS,
} from '../lib/admit-patient-form.ts';

/** The server's own words for a refused admission (its 400 `{ error }`), else the transport error. */
/** The admission form. Validation runs on submit, then again on every change (as on the auth forms). */
export function AdmitPatientForm({ onAdmitted }: { onAdmitted: () => void }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const admit = useAdmitPatient({ onSuccess: onAdmitted });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(AdmitPatientFormSchema),
    defaultValues: ADMIT_PATIENT_DEFAULTS,
  });

  const onSubmit = handleSubmit((body) => admit.mutate(body));
  const isPending = admit.isPending;
  const message = (name: keyof typeof errors) => errors[name]?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-x-4 gap-y-1.5 sm:grid-cols-2">
        <Field id={id('name')} label="Name" error={message('name')}>
          <Input
            autoComplete="off"
            {...fieldAria(id('name'), message('name'), false)}
            {...register('name')}
          />
        </Field>
        <Field id={id('condition')} label="Condition" error={message('condition')}>
          <NativeSelect
            {...fieldAria(id('condition'), message('condition'), false)}
            {...register('condition')}
          >
            <option value="" disabled>
              Select a condition
            </option>
            {CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {condition}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>

      <fieldset className="grid grid-cols-2 gap-x-4 gap-y-1.5 sm:grid-cols-3">
        <legend className="mb-3 font-semibold text-sm">Observations</legend>
        <NumberField
          id={id('spo2')}
          label="SpO2 (%)"
          error={message('oxygenLevel')}
          {...register('oxygenLevel')}
        />
        <NumberField id={id('pulse')} label="Pulse (bpm)" error={message('pulse')} {...register('pulse')} />
        <NumberField
          id={id('temperature')}
          label="Temperature (°C)"
          decimal
          error={message('temperatureC')}
          {...register('temperatureC')}
        />
        <NumberField
          id={id('systolic')}
          label="Systolic BP (mmHg)"
          error={message('systolicBP')}
          {...register('systolicBP')}
        />
        <NumberField
          id={id('diastolic')}
          label="Diastolic BP (mmHg)"
          error={message('diastolicBP')}
          {...register('diastolicBP')}
        />
        <NumberField
          id={id('rr')}
          label="Respiratory rate (/min)"
          hint="Optional"
          error={message('respiratoryRate')}
          {...register('respiratoryRate')}
        />
        <Field
          id={id('acvpu')}
          label="Consciousness (ACVPU)"
          hint="Optional"
          error={message('consciousness')}
          className="col-span-2 sm:col-span-3"
        >
          <NativeSelect
            {...fieldAria(id('acvpu'), message('consciousness'), true)}
            {...register('consciousness')}
          >
            <option value="">Not recorded</option>
            {CONSCIOUSNESS_OPTIONS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </fieldset>

      <div className="flex flex-col gap-3">
        <Controller
          control={control}
          name="onSupplementalOxygen"
          render={({ field }) => (
            <div className="flex items-center gap-3">
              <Checkbox
                id={id('oxygen')}
                ref={field.ref}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
              <Label htmlFor={id('oxygen')}>On supplemental oxygen</Label>
            </div>
          )}
        />
        <Controller
          control={control}
          name="hasHypercapnicTarget"
          render={({ field }) => (
            <div className="flex items-start gap-3">
              <Checkbox
                id={id('scale2')}
                ref={field.ref}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-describedby={id('scale2-hint')}
              />
              <div className="flex flex-col gap-1">
                <Label htmlFor={id('scale2')}>Target 88–92 % (hypercapnic respiratory failure)</Label>
                <p id={id('scale2-hint')} className="text-muted-foreground text-xs">
                  Scores SpO2 on NEWS2 scale 2. Only when a clinician has documented this target.
                </p>
              </div>
            </div>
          )}
        />
      </div>

      {admit.error && <FormAlert>{describeError(admit.error)}</FormAlert>}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isPending}>
          {isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {isPending ? 'Admitting...' : 'Admit patient'}
        </Button>
      </DialogFooter>
    </form>
  );
}
