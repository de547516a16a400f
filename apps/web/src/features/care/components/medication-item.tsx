import type { Medication } from '@vigil/domain';
import { Bell, BellOff, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatDateTime } from '@/lib/date-time.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastError } from '@/lib/toast.ts';
import { cn } from '@/lib/utils.ts';
import { useToggleMedicationAlert } from '../api/update-medication.ts';

/** A medication: name, dosage, frequency, the reminder bell (saved on the server) and the next dose. */
export function MedicationItem({
  medication,
  patientId,
  now,
}: {
  medication: Medication;
  patientId: number;
  now: Date;
}) {
  const toggle = useToggleMedicationAlert(patientId, {
    onError: (error) => toastError('Failed to update reminders', describeError(error)),
  });
  const { name, alertEnabled } = medication;
  const isOverdue = new Date(medication.nextDose).getTime() < now.getTime();

  return (
    <li className="flex flex-col gap-2 rounded-lg border p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <h3 className="break-words font-medium text-sm">{name}</h3>
          <p className="text-muted-foreground text-sm">
            {medication.dosage} · {medication.frequency}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-pressed={alertEnabled}
          aria-label={alertEnabled ? `Turn off reminders for ${name}` : `Turn on reminders for ${name}`}
          title={alertEnabled ? 'Reminders on' : 'Reminders off'}
          disabled={toggle.isPending}
          onClick={() => toggle.mutate({ id: medication.id, alertEnabled: !alertEnabled })}
          className={alertEnabled ? 'text-primary' : 'text-muted-foreground'}
        >
          {alertEnabled ? <Bell aria-hidden="true" /> : <BellOff aria-hidden="true" />}
        </Button>
      </div>
      {medication.instructions && <p className="text-muted-foreground text-xs">{medication.instructions}</p>}
      <Badge
        variant="outline"
        className={cn('self-start', isOverdue && 'border-red-600 text-red-700 dark:text-red-400')}
      >
        <Clock aria-hidden="true" />
        Next dose: {formatDateTime(medication.nextDose)}
        {isOverdue && ' (overdue)'}
      </Badge>
    </li>
  );
}
