import type { Treatment } from '@vigil/domain';
import { CircleCheck, Clock, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { formatDateTime } from '@/lib/date-time.ts';
import { statusErrorMessage } from '@/lib/error-message.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { cn } from '@/lib/utils.ts';
import { useToggleTreatment } from '../api/update-treatment.ts';
import {
  TREATMENT_STATUS_LABEL,
  TREATMENT_TOGGLE_TOAST_DESCRIPTION,
  type TreatmentStatus,
  treatmentStatus,
  treatmentToggleToastTitle,
} from '../lib/treatment-status.ts';

const STATUS_STYLE: Record<TreatmentStatus, { className: string; icon: typeof Clock }> = {
  completed: { className: 'border-transparent bg-green-700 text-white', icon: CircleCheck },
  'past-due': { className: 'border-transparent bg-red-700 text-white', icon: TriangleAlert },
  scheduled: { className: 'text-muted-foreground', icon: Clock },
};

/** One treatment: a checkbox that toggles completion both ways, the time and the status (spec point 4). */
export function TreatmentRow({
  treatment,
  patientId,
  now,
}: {
  treatment: Treatment;
  patientId: number;
  now: Date;
}) {
  const id = useId();
  const toggle = useToggleTreatment(patientId, {
    onSuccess: (saved) =>
      toastSuccess(treatmentToggleToastTitle(saved.completed), TREATMENT_TOGGLE_TOAST_DESCRIPTION),
    onError: (error) => toastError('Error updating treatment', statusErrorMessage(error)),
  });
  const status = treatmentStatus(treatment, now);
  const { className, icon: Icon } = STATUS_STYLE[status];

  return (
    <li className="flex items-start gap-3 py-3">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={treatment.completed}
        disabled={toggle.isPending}
        onCheckedChange={(checked) => toggle.mutate({ id: treatment.id, completed: checked === true })}
        aria-describedby={`${id}-when ${id}-status`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <label
          htmlFor={id}
          className={cn(
            'cursor-pointer font-medium text-sm',
            treatment.completed && 'text-muted-foreground line-through',
          )}
        >
          {treatment.description}
        </label>
        <span id={`${id}-when`} className="text-muted-foreground text-xs">
          {formatDateTime(treatment.scheduledFor)}
        </span>
      </div>
      <Badge id={`${id}-status`} variant="outline" className={cn('shrink-0', className)}>
        <Icon aria-hidden="true" />
        {TREATMENT_STATUS_LABEL[status]}
      </Badge>
    </li>
  );
}
