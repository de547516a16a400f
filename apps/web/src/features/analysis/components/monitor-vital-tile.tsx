import type { VitalSignAssessment } from '@vigil/domain';
import { cn } from '@/lib/utils.ts';
import { isHighlightedStatus } from '../lib/monitor-rules.ts';
import { AlertLevelBadge } from './alert-level-badge.tsx';

/** One of the four result tiles; URGENT and CRITICAL tiles are highlighted red (spec point 4). */
export function MonitorVitalTile({
  label,
  value,
  unit,
  assessment,
  isStale = false,
}: {
  label: string;
  value: string;
  unit: string;
  assessment: VitalSignAssessment;
  isStale?: boolean;
}) {
  const isHighlighted = isHighlightedStatus(assessment.status);
  return (
    <li
      data-highlighted={isHighlighted || undefined}
      className={cn(
        'flex min-w-0 flex-col gap-1 rounded-lg border p-3',
        isHighlighted && 'border-red-600 bg-red-50 dark:border-red-500 dark:bg-red-950/40',
        isStale && 'border-dashed',
        isStale && !isHighlighted && 'bg-muted dark:bg-muted',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <h3 className="font-medium text-sm">{label}</h3>
        <AlertLevelBadge level={assessment.status} />
      </div>
      <p
        className={cn(
          'font-semibold text-xl tabular-nums',
          isHighlighted && 'text-red-700 dark:text-red-400',
          isStale && !isHighlighted && 'font-medium text-muted-foreground',
        )}
      >
        {value} <span className="font-normal text-muted-foreground text-sm">{unit}</span>
      </p>
      <p className="break-words text-muted-foreground text-sm">{assessment.comment}</p>
    </li>
  );
}
