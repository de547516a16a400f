import { MedicationCreateInput } from '@vigil/domain';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormField } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { useFocusFirstError } from '@/hooks/use-focus-first-error.ts';
import { dateTimeLocalToIso } from '@/lib/date-time.ts';
import { useCreateMedication } from '../api/create-medication.ts';
import { firstIssueByField } from '../lib/errors.ts';

const EMPTY = { name: '', dosage: '', frequency: '', nextDose: '', instructions: '' };

/** "Add Medication": name, dosage, frequency, next dose and instructions, saved with POST. */
export function AddMedicationForm({ patientId, onDone }: { patientId: number; onDone: () => void }) {
  const id = useId();
  const create = useCreateMedication(patientId);
  const [values, setValues] = useState(EMPTY);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const nextDose = dateTimeLocalToIso(values.nextDose);
    const parsed = MedicationCreateInput.safeParse({
      ...values,
      nextDose: nextDose ?? '',
      alertEnabled: true,
    });
    const found = parsed.success ? {} : firstIssueByField(parsed.error.issues);
    if (!nextDose) found.nextDose = 'Choose the date and time of the next dose';
    setErrors(found);
    if (!parsed.success || !nextDose) return;
    create.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        onDone();
      },
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3"
      aria-label="Add Medication"
    >
      <FormField id={`${id}-name`} label="Medication name" error={errors.name}>
        {(aria) => <Input {...aria} ref={nameRef} value={values.name} onChange={set('name')} />}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={`${id}-dosage`} label="Dosage" error={errors.dosage}>
          {(aria) => (
            <Input {...aria} placeholder="e.g. 500 mg" value={values.dosage} onChange={set('dosage')} />
          )}
        </FormField>
        <FormField id={`${id}-frequency`} label="Frequency" error={errors.frequency}>
          {(aria) => (
            <Input
              {...aria}
              placeholder="e.g. Twice daily"
              value={values.frequency}
              onChange={set('frequency')}
            />
          )}
        </FormField>
      </div>
      <FormField id={`${id}-next`} label="Next dose" error={errors.nextDose}>
        {(aria) => (
          <Input {...aria} type="datetime-local" value={values.nextDose} onChange={set('nextDose')} />
        )}
      </FormField>
      <FormField id={`${id}-instructions`} label="Instructions (optional)" error={errors.instructions}>
        {(aria) => <Textarea {...aria} rows={2} value={values.instructions} onChange={set('instructions')} />}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={create.isPending}>
          {create.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          Save medication
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
