import { Clock } from 'lucide-react';
import { formatTimeOrDayTime } from '@/lib/date-time.ts';
import { cn } from '@/lib/utils.ts';
import type { VitalsStaleness } from '../lib/vitals-staleness.ts';
import { StaleVitalsNotice } from './stale-vitals-notice.tsx';

/**
 * When the last observations were and when the next full set is due (the server's schedule, the
 * one due time every screen shows), or, once the values have aged past the NEWS2 monitoring
 * interval, the "Stale" marker with its reason. Absolute times only, so the line never needs a
 * ticking clock while fresh.
 */
export function VitalsFreshness({
  staleness,
  dueAt,
  lastUpdated,
  className,
}: {
  staleness: VitalsStaleness;
  /** The patient's next full set of observations (`patient.observations.dueAt`, the server's). */
  dueAt: string;
  /** Shown as "Last observations 04:27; "; leave out where the time is already beside the vitals. */
  lastUpdated?: string;
  className?: string;
}) {
  if (staleness.isStale || staleness.staleAtMs === null) {
    return <StaleVitalsNotice staleness={staleness} className={className} />;
  }
  const dueMs = Date.parse(dueAt);
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
