import type { Patient } from '@vigil/domain';
import { ClipboardClock } from 'lucide-react';
import { useNow } from '@/hooks/use-now.ts';
import { cn } from '@/lib/utils.ts';
import { observationDue } from '../lib/observation-schedule.ts';

/**
 * "Obs due in 23 min" / "Overdue 12 min" from the schedule the server keeps on the patient (its
 * NEWS2 sets how often a full set is due; an exception defers it). Its own clock, so only this line
 * re-renders as time passes.
 */
export function ObservationDueLine({ patient, className }: { patient: Patient; className?: string }) {
  const due = observationDue(patient, useNow());
  return (
    <p
      data-observations-due=""
      data-overdue={due.isOverdue || undefined}
      className={cn(
        'flex flex-wrap items-center gap-x-1.5 text-xs',
        due.isOverdue ? 'font-semibold text-red-700 dark:text-red-400' : 'text-muted-foreground',
        className,
      )}
    >
      <ClipboardClock className="size-3.5 shrink-0" aria-hidden="true" />
      <span>{due.text}</span>
      {due.exceptionLabel && <span className="font-normal">· Exception: {due.exceptionLabel}</span>}
    </p>
  );
}
