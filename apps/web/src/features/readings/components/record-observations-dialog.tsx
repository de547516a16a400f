import { zodResolver } from '@hookform/resolvers/zod';
import type { Patient } from '@vigil/domain';
import { ClipboardPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogFormFooter } from '@/components/dialog/dialog-form-footer.tsx';
import { FormDialog } from '@/components/dialog/form-dialog.tsx';
import { FormAlert } from '@/components/form/form-alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { HttpError } from '@/lib/api-client.ts';
import { formatClockTime } from '@/lib/date-time.ts';
import { describeError } from '@/lib/error-message.ts';
import { newIdempotencyKey } from '@/lib/idempotency-key.ts';
import { toastSuccess } from '@/lib/toast.ts';
import { useRecordObservations } from '../api/record-observations.ts';
import {
  EMPTY_OBSERVATIONS,
  fieldOfServerMessage,
  type ObservationsFormOutput,
  ObservationsFormSchema,
  type ObservationsFormValues,
  observationsToReading,
} from '../lib/observations-form.ts';
import { ObservationsFields } from './observations-fields.tsx';

/**
 * "Record observations": a full NEWS2 set, saved as a manual reading (POST /api/device-readings).
 * One Idempotency-Key per opening, so a double click or a retry after a lost answer stores one
 * reading. A refusal is shown under the field the server names, otherwise above the buttons.
 */
export function RecordObservationsDialog({ patient }: { patient: Pick<Patient, 'id' | 'name'> }) {
  const [isOpen, setOpen] = useState(false);
  const idempotencyKey = useRef('');
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useRecordObservations(patient, {
    onSuccess: (answer) => {
      const stored = answer.readings[0];
      const at = formatClockTime(stored ? new Date(stored.readingTime) : new Date());
      toastSuccess('Observations recorded', `${patient.name}: observations of ${at} saved.`);
    },
  });
  const form = useForm<ObservationsFormValues, unknown, ObservationsFormOutput>({
    resolver: zodResolver(ObservationsFormSchema),
    defaultValues: EMPTY_OBSERVATIONS,
  });

  const onOpenChange = (open: boolean) => {
    if (open) {
      idempotencyKey.current = newIdempotencyKey();
      form.reset(EMPTY_OBSERVATIONS);
      mutation.reset();
      setFormError(null);
    }
    setOpen(open);
  };

  const onSubmit = form.handleSubmit((values) => {
    if (mutation.isPending) return;
    setFormError(null);
    const reading = observationsToReading(patient.id, values, new Date());
    mutation.mutate(
      { reading, idempotencyKey: idempotencyKey.current },
      {
        onSuccess: () => setOpen(false),
        onError: (error) => {
          const placed =
            error instanceof HttpError && error.status === 422 && error.serverMessage
              ? fieldOfServerMessage(error.serverMessage)
              : null;
          if (placed)
            form.setError(placed.field, { type: 'server', message: placed.message }, { shouldFocus: true });
          else setFormError(describeError(error));
        },
      },
    );
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      trigger={
        <Button className="self-start">
          <ClipboardPlus aria-hidden="true" />
          Record observations
        </Button>
      }
      title="Record observations"
      description={`A full NEWS2 set for ${patient.name}, measured now. It is saved with the current time and shown on every open screen.`}
      onSubmit={onSubmit}
    >
      <ObservationsFields form={form} />
      {formError && <FormAlert>Not recorded: {formError}</FormAlert>}
      <DialogFormFooter pending={mutation.isPending} submitLabel="Save observations" />
    </FormDialog>
  );
}
