import { EmergencyContactCreateInput } from '@vigil/domain';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormField } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { useFocusFirstError } from '@/hooks/use-focus-first-error.ts';
import { useCreateEmergencyContact } from '../api/create-emergency-contact.ts';
import { firstIssueByField } from '../lib/errors.ts';

const EMPTY = { name: '', relationship: '', phone: '' };

/** Adds an emergency contact: name, relationship and phone, saved with POST. */
export function AddContactForm({ patientId, onDone }: { patientId: number; onDone: () => void }) {
  const id = useId();
  const create = useCreateEmergencyContact(patientId);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = EmergencyContactCreateInput.safeParse(values);
    setErrors(parsed.success ? {} : firstIssueByField(parsed.error.issues));
    if (!parsed.success) return;
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
      aria-label="Add contact"
    >
      <FormField id={`${id}-name`} label="Name" error={errors.name}>
        {(aria) => (
          <Input {...aria} ref={nameRef} autoComplete="off" value={values.name} onChange={set('name')} />
        )}
      </FormField>
      <FormField id={`${id}-relationship`} label="Relationship" error={errors.relationship}>
        {(aria) => (
          <Input
            {...aria}
            placeholder="e.g. Daughter"
            value={values.relationship}
            onChange={set('relationship')}
          />
        )}
      </FormField>
      <FormField id={`${id}-phone`} label="Phone" error={errors.phone}>
        {(aria) => (
          <Input
            {...aria}
            type="tel"
            autoComplete="off"
            placeholder="+44 20 7946 0000"
            value={values.phone}
            onChange={set('phone')}
          />
        )}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={create.isPending}>
          {create.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          Save contact
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
