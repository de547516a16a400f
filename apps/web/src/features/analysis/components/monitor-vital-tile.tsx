import type { VitalSignAssessment } from '@vigil/domain';
import { ValueSourceLine } from '@/components/provenance/value-source-line.tsx';
import { cn } from '@/lib/utils.ts';
import type { ValueSource } from '@/lib/value-source.ts';
import { isHighlightedStatus } from '../lib/monitor-rules.ts';
import { AlertLevelBadge } from './alert-level-badge.tsx';

/**
 * One of the four result tiles; URGENT and CRITICAL tiles are highlighted red (spec point 4). The
 * value says where it comes from and how old it is; a stale value is dashed.
 */
export function MonitorVitalTile({
  label,
  value,
  unit,
  assessment,
  source,
  isStale: isCardStale = false,
}: {
  label: string;
  value: string;
  unit: string;
  assessment: VitalSignAssessment;
  source: ValueSource | null;
  isStale?: boolean;
}) {
  const isStale = isCardStale || source?.isStale === true;
  const isHighlighted = isHighlightedStatus(assessment.status);
  return (
    <li
      data-highlighted={isHighlighted || undefined}
      data-stale={isStale || undefined}
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
      <ValueSourceLine source={source} />
      <p className="break-words text-muted-foreground text-sm">{assessment.comment}</p>
    </li>
  );
}
