import { zodResolver } from '@hookform/resolvers/zod';
import { TreatmentCreateInput } from '@vigil/domain';
import { LoaderCircle, Plus } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { dateTimeLocalSchema } from '@/lib/date-time.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { useCreateTreatment } from '../api/create-treatment.ts';

/** What the form holds: a description and a local date and time; the API body is the domain's. */
const TreatmentFormSchema = z
  .object({
    description: z.string().trim().min(1, 'Describe the treatment'),
    scheduledFor: dateTimeLocalSchema('Choose a date and time'),
  })
  .pipe(TreatmentCreateInput);

const EMPTY = { description: '', scheduledFor: '' };

/** Schedules a treatment: a description and a local date and time. */
export function AddTreatmentForm({ patientId }: { patientId: number }) {
  const id = useId();
  const create = useCreateTreatment(patientId, {
    onSuccess: (created) => toastSuccess('Treatment scheduled', created.description),
    onError: (error) => toastError('Failed to schedule treatment', describeError(error)),
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(TreatmentFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit((input) => create.mutate(input, { onSuccess: () => reset(EMPTY) }));

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 border-t pt-4"
      aria-label="Schedule a treatment"
    >
      <h3 className="font-medium text-sm">Schedule a treatment</h3>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto]">
        <FormField id={`${id}-description`} label="Treatment" error={errors.description?.message}>
          {(aria) => <Input {...aria} maxLength={500} {...register('description')} />}
        </FormField>
        <FormField id={`${id}-when`} label="Scheduled for" error={errors.scheduledFor?.message}>
          {(aria) => <Input {...aria} type="datetime-local" {...register('scheduledFor')} />}
        </FormField>
      </div>
      <Button type="submit" variant="outline" className="self-start" disabled={create.isPending}>
        {create.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <Plus aria-hidden="true" />
        )}
        Schedule treatment
      </Button>
    </form>
  );
}
