import { Clock } from 'lucide-react';
import { formatTimeOrDayTime } from '@/lib/date-time.ts';
import { cn } from '@/lib/utils.ts';
import type { VitalsStaleness } from '../lib/vitals-staleness.ts';
import { StaleVitalsNotice } from './stale-vitals-notice.tsx';

/**
 * When the last observations were and when the next are due by the patient's NEWS2 monitoring
 * interval, or, once that time has passed, the "Stale" marker with its reason. Absolute times only,
 * so the line never needs a ticking clock while fresh.
 */
export function VitalsFreshness({
  staleness,
  lastUpdated,
  className,
}: {
  staleness: VitalsStaleness;
  /** Shown as "Last observations 04:27; "; leave out where the time is already beside the vitals. */
  lastUpdated?: string;
  className?: string;
}) {
  if (staleness.isStale || staleness.staleAtMs === null) {
    return <StaleVitalsNotice staleness={staleness} className={className} />;
  }
  const dueMs = staleness.staleAtMs - 1;
  return (
    <p className={cn('flex items-start gap-1.5 text-muted-foreground text-xs', className)}>
      <Clock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {lastUpdated && (
          <>
            Last observations{' '}
            <time dateTime={lastUpdated}>{formatTimeOrDayTime(Date.parse(lastUpdated))}</time>;{' '}
          </>
        )}
        {lastUpdated ? 'next' : 'Next observations'} due by{' '}
        <time dateTime={new Date(dueMs).toISOString()}>{formatTimeOrDayTime(dueMs)}</time>:{' '}
        {staleness.requirement}.
      </span>
    </p>
  );
}
