import { ClockAlert } from 'lucide-react';
import { cn } from '@/lib/utils.ts';
import type { ValueSource } from '@/lib/value-source.ts';

/**
 * The class and age beside a value ("Device · Polar H10 · just now"); a stale one adds a clock and
 * "Stale" (a technical notice: docs/reference/clinical.md), never an alarm colour; its frame is the
 * value's own, dashed by the caller. Simulated and demo values read as such in amber, so they never
 * pass for a real measurement.
 */
export function ValueSourceLine({ source, className }: { source: ValueSource | null; className?: string }) {
  if (!source) return null;
  const isSimulated = source.provenance === 'simulation' || source.provenance === 'demo';
  return (
    <span
      data-provenance={source.provenance}
      data-stale={source.isStale || undefined}
      className={cn(
        'inline-flex min-w-0 flex-wrap items-center gap-x-1 text-muted-foreground text-xs',
        isSimulated && 'font-medium text-amber-900 dark:text-amber-200',
        className,
      )}
    >
      <span className="min-w-0 break-words">{source.text}</span>
      {source.isStale && (
        <span className="inline-flex items-center gap-0.5 font-semibold text-foreground">
          <ClockAlert className="size-3 shrink-0" aria-hidden="true" />
          Stale
        </span>
      )}
    </span>
  );
}
