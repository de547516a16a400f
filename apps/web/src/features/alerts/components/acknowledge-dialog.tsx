import { zodResolver } from '@hookform/resolvers/zod';
import { ACKNOWLEDGE_NOTE_MAX, type Alert } from '@vigil/domain';
import { type RefObject, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogFormFooter } from '@/components/dialog/dialog-form-footer.tsx';
import { FormDialog } from '@/components/dialog/form-dialog.tsx';
import { FieldError } from '@/components/form/field-error.tsx';
import { FormAlert } from '@/components/form/form-alert.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { describeError } from '@/lib/error-message.ts';
import { toastSuccess } from '@/lib/toast.ts';
import { useAcknowledgeAlert } from '../api/alerts.ts';

const AcknowledgeForm = z.object({
  note: z
    .string()
    .trim()
    .max(ACKNOWLEDGE_NOTE_MAX, `The note must be at most ${ACKNOWLEDGE_NOTE_MAX} characters`),
});

/**
 * "Acknowledge": the person takes the alert on (who and when are recorded; a note is optional). It
 * leaves the alert bar on every screen at once. Loaded on first use by {@link AcknowledgeButton}.
 */
export function AcknowledgeDialog({
  alert,
  patientName,
  isOpen,
  setIsOpen,
  returnFocusTo,
}: {
  alert: Alert;
  patientName: string;
  isOpen: boolean;
  setIsOpen: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const id = useId();
  const acknowledge = useAcknowledgeAlert();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(AcknowledgeForm), defaultValues: { note: '' } });
  const fieldError = errors.note?.message;

  const onSubmit = handleSubmit(({ note }) =>
    acknowledge.mutate(
      { id: alert.id, note: note === '' ? null : note },
      {
        onSuccess: () => {
          setIsOpen(false);
          reset({ note: '' });
          toastSuccess('Alert acknowledged', `${patientName}: ${alert.message}`);
        },
      },
    ),
  );

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (!open) acknowledge.reset();
      }}
      returnFocusTo={returnFocusTo}
      title="Acknowledge alert"
      description={`${patientName}: ${alert.message}. ${alert.response}`}
      onSubmit={onSubmit}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-note`}>Note (optional)</Label>
        <Textarea
          id={`${id}-note`}
          rows={3}
          maxLength={ACKNOWLEDGE_NOTE_MAX}
          placeholder="What you are doing about it"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          {...register('note')}
        />
        <FieldError id={`${id}-error`} message={fieldError} />
      </div>
      {acknowledge.error && <FormAlert>{describeError(acknowledge.error)}</FormAlert>}
      <DialogFormFooter
        pending={acknowledge.isPending}
        submitLabel="Acknowledge"
        pendingLabel="Acknowledging..."
      />
    </FormDialog>
  );
}
