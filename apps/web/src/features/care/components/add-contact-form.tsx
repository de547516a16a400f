import { zodResolver } from '@hookform/resolvers/zod';
import { EmergencyContactCreateInput } from '@vigil/domain';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/form/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { describeError } from '@/lib/error-message.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { useCreateEmergencyContact } from '../api/create-emergency-contact.ts';
import { PanelForm } from './panel-form.tsx';

const EMPTY = { name: '', relationship: '', phone: '' };

/** Adds an emergency contact: name, relationship and phone, checked and sent as the domain's input. */
export function AddContactForm({ patientId, onDone }: { patientId: number; onDone: () => void }) {
  const id = useId();
  const create = useCreateEmergencyContact(patientId, {
    onSuccess: (created) =>
      toastSuccess('Emergency contact added', `${created.name} (${created.relationship})`),
    onError: (error) => toastError('Failed to add emergency contact', describeError(error)),
  });
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(EmergencyContactCreateInput), defaultValues: EMPTY });
  useEffect(() => setFocus('name'), [setFocus]);

  const onSubmit = handleSubmit((input) => create.mutate(input, { onSuccess: onDone }));

  return (
    <PanelForm
      label="Add contact"
      onSubmit={onSubmit}
      isPending={create.isPending}
      submitLabel="Save contact"
      onCancel={onDone}
    >
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
        {(aria) => <Input {...aria} autoComplete="off" {...register('name')} />}
      </FormField>
      <FormField id={`${id}-relationship`} label="Relationship" error={errors.relationship?.message}>
        {(aria) => <Input {...aria} placeholder="e.g. Daughter" {...register('relationship')} />}
      </FormField>
      <FormField id={`${id}-phone`} label="Phone" error={errors.phone?.message}>
        {(aria) => (
          <Input
            {...aria}
            type="tel"
            autoComplete="off"
            placeholder="+44 20 7946 0000"
            {...register('phone')}
          />
        )}
      </FormField>
    </PanelForm>
  );
}
