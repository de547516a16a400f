import type { Handover } from '@vigil/domain';
import { Badge } from '@/components/ui/badge.tsx';
import { formatDateTime } from '@/lib/date-time.ts';
import { cn } from '@/lib/utils.ts';
import { SEVERITY_LABELS } from '../lib/handover-form.ts';

const SEVERITY_CLASSES = {
  stable: 'border-green-700 text-green-800 dark:text-green-300',
  watcher: 'border-amber-600 text-amber-900 dark:text-amber-200',
  unstable: 'border-red-700 text-red-800 dark:text-red-300',
} as const;

/** What was handed over (I-PASS), by whom and when, and its acceptance or flag. */
export function HandoverSummary({ handover }: { handover: Handover }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline" className={cn(SEVERITY_CLASSES[handover.illnessSeverity])}>
          {SEVERITY_LABELS[handover.illnessSeverity]}
        </Badge>
        {handover.status === 'accepted' ? (
          <Badge variant="secondary">Accepted</Badge>
        ) : (
          <Badge variant="outline">Awaiting acceptance</Badge>
        )}
        {handover.flagged && (
          <Badge variant="destructive" data-handover-flagged="">
            Not accepted in the handover window
          </Badge>
        )}
      </div>
      <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="font-medium">Patient summary</dt>
        <dd className="whitespace-pre-wrap break-words">{handover.patientSummary}</dd>
        <dt className="font-medium">Actions</dt>
        <dd>
          {handover.actions.length === 0 ? (
            'None'
          ) : (
            <ul className="list-disc pl-5">
              {handover.actions.map((action, i) => (
                <li key={`${i.toString()}-${action}`}>{action}</li>
              ))}
            </ul>
          )}
        </dd>
        <dt className="font-medium">Situation awareness</dt>
        <dd className="whitespace-pre-wrap break-words">{handover.situation || 'None given'}</dd>
        {handover.synthesis !== null && (
          <>
            <dt className="font-medium">Synthesis by receiver</dt>
            <dd className="whitespace-pre-wrap break-words">{handover.synthesis}</dd>
          </>
        )}
      </dl>
      <p className="text-muted-foreground text-xs">
        Given by {handover.givenBy.name} at {formatDateTime(handover.givenAt)}
        {handover.toNurse && ` to ${handover.toNurse.name}`}
        {handover.acceptedBy &&
          handover.acceptedAt &&
          ` · accepted by ${handover.acceptedBy.name} at ${formatDateTime(handover.acceptedAt)}`}
      </p>
    </div>
  );
}
