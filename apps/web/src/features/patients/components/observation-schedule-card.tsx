import { zodResolver } from '@hookform/resolvers/zod';
import { MONITORING_EXCEPTION_LABELS, MONITORING_EXCEPTION_REASONS, type Patient } from '@vigil/domain';
import { ClipboardClock, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogFormFooter } from '@/components/dialog/dialog-form-footer.tsx';
import { FormDialog } from '@/components/dialog/form-dialog.tsx';
import { FormAlert } from '@/components/form/form-alert.tsx';
import { FormField } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { useNow } from '@/hooks/use-now.ts';
import { dateTimeLocalSchema, formatDateTime, toDateTimeLocal } from '@/lib/date-time.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastSuccess } from '@/lib/toast.ts';
import { cn } from '@/lib/utils.ts';
import { useMonitoringException } from '../api/monitoring-exception.ts';
import { observationDue } from '../lib/observation-schedule.ts';

const ExceptionForm = z.object({
  reason: z.enum(MONITORING_EXCEPTION_REASONS, { error: 'Choose why observations are not taken' }),
  note: z
    .string()
    .trim()
    .min(1, 'Say why observations are not taken')
    .max(500, 'The note must be at most 500 characters'),
  reviewAt: dateTimeLocalSchema('Enter when to review the exception'),
});

/** Record a monitoring exception: the reason, a note and when to review it (within 7 days). */
function ExceptionDialog({ patient }: { patient: Patient }) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const { record } = useMonitoringException(patient.id);
  const defaults = () => ({
    reason: 'asleep' as const,
    note: '',
    reviewAt: toDateTimeLocal(new Date(Date.now() + 4 * 3_600_000)),
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ExceptionForm), defaultValues: defaults() });

  const onSubmit = handleSubmit((input) =>
    record.mutate(input, {
      onSuccess: () => {
        setIsOpen(false);
        toastSuccess('Monitoring exception recorded', `Review at ${formatDateTime(input.reviewAt)}.`);
      },
    }),
  );

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (open) reset(defaults());
        else record.reset();
      }}
      trigger={
        <Button size="sm" variant="outline">
          Record exception
        </Button>
      }
      title="Monitoring exception"
      description={`Why observations are not taken for ${patient.name}, and when to review it. The schedule waits until then; the exception is audited.`}
      onSubmit={onSubmit}
    >
      <FormField id={`${id}-reason`} label="Reason" error={errors.reason?.message}>
        {(aria) => (
          <NativeSelect {...aria} {...register('reason')}>
            {MONITORING_EXCEPTION_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {MONITORING_EXCEPTION_LABELS[reason]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField id={`${id}-note`} label="Note" error={errors.note?.message}>
        {(aria) => <Textarea rows={3} maxLength={500} {...aria} {...register('note')} />}
      </FormField>
      <FormField id={`${id}-review`} label="Review at" hint="Within 7 days" error={errors.reviewAt?.message}>
        {(aria) => <Input type="datetime-local" {...aria} {...register('reviewAt')} />}
      </FormField>
      {record.error && <FormAlert>{describeError(record.error)}</FormAlert>}
      <DialogFormFooter pending={record.isPending} submitLabel="Record exception" />
    </FormDialog>
  );
}

/**
 * The record's observation schedule (decision 021): when the next full set is due ("Obs due in
 * 23 min", "Overdue 12 min"), how often (from NEWS2), and a monitoring exception in force, which a
 * nurse may record or end.
 */
export function ObservationScheduleCard({ patient, canRecord }: { patient: Patient; canRecord: boolean }) {
  const now = useNow();
  const due = observationDue(patient, now);
  const { end } = useMonitoringException(patient.id);
  const exception = patient.observations.exception;
  const hours = patient.observations.intervalMs / 3_600_000;
  const every = hours >= 1 ? `every ${hours} h` : `every ${Math.round(hours * 60)} min`;

  return (
    <section
      aria-labelledby="observation-schedule-heading"
      data-observation-schedule=""
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border px-4 py-3 text-sm',
        due.isOverdue && !exception && 'border-red-600 bg-red-50 dark:bg-red-950/50',
      )}
    >
      <h2 id="observation-schedule-heading" className="flex items-center gap-2 font-semibold">
        <ClipboardClock className="size-4 text-primary" aria-hidden="true" />
        Observations
      </h2>
      <p
        data-observations-due=""
        className={cn(due.isOverdue && 'font-semibold text-red-700 dark:text-red-400')}
      >
        {due.text}
      </p>
      <p className="text-muted-foreground">
        Next full set {formatDateTime(patient.observations.dueAt)} · {every} at this NEWS2
      </p>
      {exception ? (
        <div data-monitoring-exception="" className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p>
            <span className="font-medium">Exception: {MONITORING_EXCEPTION_LABELS[exception.reason]}</span>
            {' · '}
            {exception.note} · review at {formatDateTime(exception.reviewAt)}
          </p>
          {canRecord && (
            <Button size="sm" variant="outline" disabled={end.isPending} onClick={() => end.mutate()}>
              {end.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              End exception
            </Button>
          )}
          {end.error && <FormAlert>{describeError(end.error)}</FormAlert>}
        </div>
      ) : (
        canRecord && (
          <span className="ml-auto">
            <ExceptionDialog patient={patient} />
          </span>
        )
      )}
    </section>
  );
}
