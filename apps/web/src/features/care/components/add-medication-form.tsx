import { zodResolver } from '@hookform/resolvers/zod';
import { MedicationCreateInput } from '@vigil/domain';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/form/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { dateTimeLocalSchema } from '@/lib/date-time.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { useCreateMedication } from '../api/create-medication.ts';
import { PanelForm } from './panel-form.tsx';

const field = MedicationCreateInput.shape;

/** The domain's medication input, with the next dose typed as a local date and time; reminders on. */
const MedicationFormSchema = z
  .object({
    name: field.name,
    dosage: field.dosage,
    frequency: field.frequency,
    nextDose: dateTimeLocalSchema('Choose the date and time of the next dose'),
    instructions: field.instructions,
  })
  .transform((input): z.input<typeof MedicationCreateInput> => ({ ...input, alertEnabled: true }))
  .pipe(MedicationCreateInput);

const EMPTY = { name: '', dosage: '', frequency: '', nextDose: '', instructions: '' };

/** "Add Medication": name, dosage, frequency, next dose and instructions, saved with POST. */
export function AddMedicationForm({ patientId, onDone }: { patientId: number; onDone: () => void }) {
  const id = useId();
  const create = useCreateMedication(patientId, {
    onSuccess: (created) =>
      toastSuccess('Medication added', `${created.name} ${created.dosage}, ${created.frequency}`),
    onError: (error) => toastError('Failed to add medication', describeError(error)),
  });
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(MedicationFormSchema), defaultValues: EMPTY });
  useEffect(() => setFocus('name'), [setFocus]);

  const onSubmit = handleSubmit((input) => create.mutate(input, { onSuccess: onDone }));

  return (
    <PanelForm
      label="Add Medication"
      onSubmit={onSubmit}
      isPending={create.isPending}
      submitLabel="Save medication"
      onCancel={onDone}
    >
      <FormField id={`${id}-name`} label="Medication name" error={errors.name?.message}>
        {(aria) => <Input {...aria} {...register('name')} />}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={`${id}-dosage`} label="Dosage" error={errors.dosage?.message}>
          {(aria) => <Input {...aria} placeholder="e.g. 500 mg" {...register('dosage')} />}
        </FormField>
        <FormField id={`${id}-frequency`} label="Frequency" error={errors.frequency?.message}>
          {(aria) => <Input {...aria} placeholder="e.g. Twice daily" {...register('frequency')} />}
        </FormField>
      </div>
      <FormField id={`${id}-next`} label="Next dose" error={errors.nextDose?.message}>
        {(aria) => <Input {...aria} type="datetime-local" {...register('nextDose')} />}
      </FormField>
      <FormField
        id={`${id}-instructions`}
        label="Instructions (optional)"
        error={errors.instructions?.message}
      >
        {(aria) => <Textarea {...aria} rows={2} {...register('instructions')} />}
      </FormField>
    </PanelForm>
  );
}
