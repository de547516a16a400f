import { LoaderCircle, Plus } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FormField } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { useFocusFirstError } from '@/hooks/use-focus-first-error.ts';
import { dateTimeLocalToIso } from '@/lib/date-time.ts';
import { useCreateTreatment } from '../api/create-treatment.ts';

/** Schedules a treatment: a description and a local date and time. */
export function AddTreatmentForm({ patientId }: { patientId: number }) {
  const id = useId();
  const create = useCreateTreatment(patientId);
  const [description, setDescription] = useState('');
  const [when, setWhen] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const scheduledFor = dateTimeLocalToIso(when);
    const next: Record<string, string> = {};
    if (!description.trim()) next.description = 'Describe the treatment';
    if (!scheduledFor) next.when = 'Choose a date and time';
    setErrors(next);
    if (!scheduledFor || next.description) return;
    create.mutate(
      { description: description.trim(), scheduledFor },
      {
        onSuccess: () => {
          setDescription('');
          setWhen('');
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 border-t pt-4"
      aria-label="Schedule a treatment"
    >
      <h3 className="font-medium text-sm">Schedule a treatment</h3>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto]">
        <FormField id={`${id}-description`} label="Treatment" error={errors.description}>
          {(aria) => (
            <Input
              {...aria}
              value={description}
              maxLength={500}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </FormField>
        <FormField id={`${id}-when`} label="Scheduled for" error={errors.when}>
          {(aria) => (
            <Input {...aria} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
          )}
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
