import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CONDITIONS, VITAL_SIGNS } from '@vigil/domain';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DialogFormFooter } from '@/components/dialog/dialog-form-footer.tsx';
import { FormAlert } from '@/components/form/form-alert.tsx';
import { FormField } from '@/components/form/form-field.tsx';
import { VitalField } from '@/components/form/vital-field.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { accountWardsQueryOptions } from '@/lib/account-wards.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastSuccess } from '@/lib/toast.ts';
import { useAdmitPatient } from '../api/admit-patient.ts';
import { ADMIT_PATIENT_DEFAULTS, AdmitPatientFormSchema } from '../lib/admit-patient-form.ts';

/**
 * The admission form: name, condition and every vital of the catalogue (yes/no ones as checkboxes).
 * Validation runs on submit, then again on every change (as on the auth forms).
 */
export function AdmitPatientForm({ onAdmitted }: { onAdmitted: () => void }) {
  const uid = useId();
  // Only one who works on several wards says which (decision 035); one ward is implied.
  const wardsQuery = useQuery(accountWardsQueryOptions);
  const wardChoices = (wardsQuery.data?.length ?? 0) > 1 ? wardsQuery.data! : null;
  const [wardId, setWardId] = useState('');
  const [wardError, setWardError] = useState<string | undefined>();
  const admit = useAdmitPatient({
    onSuccess: (patient) => {
      toastSuccess('Patient admitted', patient.name);
      onAdmitted();
    },
  });
  const form = useForm({
    resolver: zodResolver(AdmitPatientFormSchema),
    defaultValues: ADMIT_PATIENT_DEFAULTS,
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit((body) => {
    if (wardChoices && wardId === '') {
      setWardError('Choose the ward to admit to');
      return;
    }
    admit.mutate(wardChoices ? { ...body, wardId: Number(wardId) } : body);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {wardChoices && (
        <FormField id={`${uid}-ward`} label="Ward" error={wardError}>
          {(aria) => (
            <NativeSelect
              {...aria}
              value={wardId}
              onChange={(event) => {
                setWardId(event.target.value);
                setWardError(undefined);
              }}
            >
              <option value="" disabled>
                Select a ward
              </option>
              {wardChoices.map((ward) => (
                <option key={ward.id} value={ward.id}>
                  {ward.name} ({ward.code})
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      )}
      <div className="grid gap-x-4 gap-y-1.5 sm:grid-cols-2">
        <FormField id={`${uid}-name`} label="Name" error={errors.name?.message} layout="subgrid">
          {(aria) => <Input autoComplete="off" {...aria} {...register('name')} />}
        </FormField>
        <FormField
          id={`${uid}-condition`}
          label="Condition"
          error={errors.condition?.message}
          layout="subgrid"
        >
          {(aria) => (
            <NativeSelect {...aria} {...register('condition')}>
              <option value="" disabled>
                Select a condition
              </option>
              {CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {condition}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>

      <fieldset className="grid grid-cols-2 gap-x-4 gap-y-1.5 sm:grid-cols-3">
        <legend className="mb-3 font-semibold text-sm">Observations</legend>
        {VITAL_SIGNS.filter((v) => v.kind !== 'boolean').map((vital) => (
          <VitalField
            key={vital.key}
            vital={vital}
            form={form}
            idPrefix={uid}
            layout="subgrid"
            hint={vital.requiredOnPatient ? undefined : 'Optional'}
            emptyChoice={{ label: 'Not recorded' }}
          />
        ))}
      </fieldset>

      <div className="flex flex-col gap-3">
        {VITAL_SIGNS.filter((v) => v.kind === 'boolean').map((vital) => (
          <VitalField key={vital.key} vital={vital} form={form} idPrefix={uid} booleanControl="checkbox" />
        ))}
        <Controller
          control={control}
          name="hasHypercapnicTarget"
          render={({ field }) => (
            <div className="flex items-start gap-3">
              <Checkbox
                id={`${uid}-scale2`}
                ref={field.ref}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-describedby={`${uid}-scale2-hint`}
              />
              <div className="flex flex-col gap-1">
                <Label htmlFor={`${uid}-scale2`}>Target 88–92 % (hypercapnic respiratory failure)</Label>
                <p id={`${uid}-scale2-hint`} className="text-muted-foreground text-xs">
                  Scores SpO2 on NEWS2 scale 2. Only when a clinician has documented this target.
                </p>
              </div>
            </div>
          )}
        />
      </div>

      {admit.error && <FormAlert>{describeError(admit.error)}</FormAlert>}

      <DialogFormFooter
        pending={admit.isPending}
        submitLabel="Admit patient"
        pendingLabel="Admitting..."
        isCancelLockedWhilePending
      />
    </form>
  );
}
