import { ClockAlert } from 'lucide-react';
import { cn } from '@/lib/utils.ts';
import type { VitalsStaleness } from '../lib/vitals-staleness.ts';

/**
 * The "Stale" marker with its reason, shown wherever vitals are shown once they are older than the
 * patient's NEWS2 monitoring interval. Styled as a technical notice (grey, dashed), kept apart from the
 * red and orange of physiological alarms (docs/reference/clinical.md, IEC 60601-1-8); the word carries the meaning.
 */
export function StaleVitalsNotice({
  staleness,
  className,
}: {
  staleness: VitalsStaleness;
  className?: string;
}) {
  if (!staleness.isStale || !staleness.reason) return null;
  const detail = staleness.reason.replace(/^Stale: /, '');
  return (
    <p
      data-stale-notice=""
      className={cn(
        'flex items-start gap-2 rounded-md border border-slate-500 border-dashed bg-slate-100 px-2.5 py-1.5 text-slate-900 text-xs dark:border-slate-400 dark:bg-slate-800 dark:text-slate-100',
        className,
      )}
    >
      <ClockAlert className="mt-px size-4 shrink-0" aria-hidden="true" />
      <span>
        <span className="font-semibold">Stale:</span> {detail}
      </span>
    </p>
  );
}
