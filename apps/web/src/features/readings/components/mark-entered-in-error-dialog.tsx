import { zodResolver } from '@hookform/resolvers/zod';
import { CORRECTION_REASON_MAX, type Patient, VITAL_SIGNS, type VitalReading } from '@vigil/domain';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogFormFooter } from '@/components/dialog/dialog-form-footer.tsx';
import { FormDialog } from '@/components/dialog/form-dialog.tsx';
import { FormAlert } from '@/components/form/form-alert.tsx';
import { FormField } from '@/components/form/form-field.tsx';
import { VitalField } from '@/components/form/vital-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { formatTimeOrDayTime } from '@/lib/date-time.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastSuccess } from '@/lib/toast.ts';
import {
  BP_ORDER_ISSUE,
  isDiastolicBelowSystolic,
  vitalFormName,
  vitalFromText,
  vitalTextShape,
} from '@/lib/vital-form.ts';
import { useMarkEnteredInError } from '../api/mark-entered-in-error.ts';

const CorrectionForm = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, 'Say why the reading is wrong, e.g. "recorded on the wrong patient"')
      .max(CORRECTION_REASON_MAX, `At most ${CORRECTION_REASON_MAX} characters`),
    ...vitalTextShape(VITAL_SIGNS, () => false),
  })
  .refine(isDiastolicBelowSystolic, BP_ORDER_ISSUE);
type CorrectionFormValues = z.input<typeof CorrectionForm>;
type CorrectionFormOutput = z.output<typeof CorrectionForm>;

const EMPTY = {
  reason: '',
  ...Object.fromEntries(VITAL_SIGNS.map((v) => [vitalFormName(v), ''])),
} as CorrectionFormValues;

/**
 * "Entered in error": a nurse marks one of her observations wrong, never overwriting it. It leaves
 * the patient's values, NEWS2 and trend, and stays in the history with who marked it and why; the
 * right values, when she gives them, are saved as a reading at the same time. Only the vitals the
 * reading measured are asked for.
 */
export function MarkEnteredInErrorDialog({
  patient,
  reading,
}: {
  patient: Pick<Patient, 'id' | 'name'>;
  reading: VitalReading;
}) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const measured = VITAL_SIGNS.filter((v) => reading[v.readingField] !== null);
  const at = formatTimeOrDayTime(Date.parse(reading.readingTime));
  const mutation = useMarkEnteredInError(patient.id, {
    onSuccess: (answer) =>
      toastSuccess(
        'Marked entered in error',
        `${patient.name}: the observations of ${at} ${answer.correctionId ? 'were corrected' : 'no longer count'}.`,
      ),
  });
  const form = useForm<CorrectionFormValues, unknown, CorrectionFormOutput>({
    resolver: zodResolver(CorrectionForm),
    defaultValues: EMPTY,
  });
  const onOpenChange = (open: boolean) => {
    if (open) {
      form.reset(EMPTY);
      mutation.reset();
      setFormError(null);
    }
    setOpen(open);
  };
  const onSubmit = form.handleSubmit((values) => {
    if (mutation.isPending) return;
    setFormError(null);
    const correction = Object.fromEntries(
      measured.flatMap((v) => {
        const value = vitalFromText(v, String(values[vitalFormName(v)] ?? ''));
        return value === null ? [] : [[v.readingField, value]];
      }),
    );
    mutation.mutate(
      {
        readingId: reading.id,
        input: {
          reason: values.reason,
          ...(Object.keys(correction).length > 0 ? { correction } : {}),
        },
      },
      { onSuccess: () => setOpen(false), onError: (error) => setFormError(describeError(error)) },
    );
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="link" size="sm" className="h-auto p-0 text-xs">
          Entered in error…
        </Button>
      }
      title="Mark entered in error"
      description={`The observations of ${at} for ${patient.name}. They stay in the history, marked with your name and reason, and no longer count towards NEWS2 or the trend. Give the right values to replace them.`}
      onSubmit={onSubmit}
    >
      <FormField id={`${id}-reason`} label="Reason" error={form.formState.errors.reason?.message}>
        {(aria) => (
          <Textarea rows={2} maxLength={CORRECTION_REASON_MAX} {...aria} {...form.register('reason')} />
        )}
      </FormField>
      <fieldset className="grid grid-cols-2 gap-4">
        <legend className="col-span-2 mb-2 font-medium text-sm">Corrected values (optional)</legend>
        {measured.map((vital) => (
          <VitalField
            key={vital.key}
            vital={vital}
            form={form}
            idPrefix={id}
            booleanControl="radio"
            emptyChoice={{ label: 'Not given' }}
          />
        ))}
      </fieldset>
      {formError && <FormAlert>Not marked: {formError}</FormAlert>}
      <DialogFormFooter pending={mutation.isPending} submitLabel="Mark entered in error" />
    </FormDialog>
  );
}
