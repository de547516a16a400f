import type { Patient } from '@vigil/domain';
import { Droplets, Gauge, HeartPulse, Thermometer, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';
import { useVitalsStaleness } from '../hooks/use-vitals-staleness.ts';
import { type VitalCardKey, vitalCardModels } from '../lib/vital-cards.ts';
import { VitalsFreshness } from './vitals-freshness.tsx';

const ICONS: Record<VitalCardKey, typeof HeartPulse> = {
  pulse: HeartPulse,
  oxygen: Droplets,
  bloodPressure: Gauge,
  temperature: Thermometer,
};

/**
 * The four vital cards (spec point 2). An abnormal value by the patient-page thresholds (spec
 * point 5) gets a red frame AND the words "High"/"Low" with the limit crossed: never colour alone.
 * Above them: when the next observations are due, or the "Stale" marker once they are overdue, and
 * then the cards are dashed so they never look current (docs/reference/clinical.md); a normal value is greyed, an
 * abnormal one keeps its red (staleness adds a warning, never removes one).
 * `source`: where the newest reading came from (a simulated device's readings are labelled \"Simulation Mode\").
 */
export function VitalCards({ patient, source }: { patient: Patient; source?: ReactNode }) {
  const staleness = useVitalsStaleness(patient);
  const { isStale } = staleness;
  return (
    <section aria-labelledby="vital-signs-heading" className="flex flex-col gap-2">
      <h2 id="vital-signs-heading" className="sr-only">
        Vital signs
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <VitalsFreshness staleness={staleness} lastUpdated={patient.lastUpdated} />
        {source}
      </div>
      <ul data-stale={isStale || undefined} className="grid grid-cols-2 gap-3 md:gap-4 lg:grid-cols-4">
        {vitalCardModels(patient).map((card) => {
          const Icon = ICONS[card.key];
          return (
            <li
              key={card.key}
              data-abnormal={card.flag ? 'true' : undefined}
              className={cn(
                'flex min-w-0 flex-col gap-1 rounded-xl border bg-card p-4 shadow-sm',
                card.flag && 'border-red-600 bg-red-50 dark:border-red-500 dark:bg-red-950/40',
                // Stale adds a warning, never removes one: an abnormal card stays red.
                isStale && 'border-dashed shadow-none',
                isStale && !card.flag && 'bg-muted dark:bg-muted',
              )}
            >
              <h3 className="flex items-center gap-2 font-medium text-muted-foreground text-sm">
                <Icon
                  className={cn(
                    'size-4 shrink-0',
                    card.flag ? 'text-red-700 dark:text-red-400' : 'text-primary',
                  )}
                  aria-hidden="true"
                />
                {card.label}
              </h3>
              <p className="flex flex-wrap items-baseline gap-x-1.5">
                <span
                  className={cn(
                    'font-semibold text-2xl tabular-nums md:text-3xl',
                    card.flag && 'text-red-700 dark:text-red-400',
                    isStale && !card.flag && 'font-medium text-muted-foreground dark:text-muted-foreground',
                  )}
                >
                  {card.value}
                </span>
                <span className="text-muted-foreground text-sm">{card.unit}</span>
              </p>
              {card.flag ? (
                <p className="flex items-start gap-1 font-medium text-red-700 text-xs dark:text-red-400">
                  <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                  <span>
                    {card.flag.direction} <span className="font-normal">({card.flag.limit})</span>
                  </span>
                </p>
              ) : (
                <p className="text-muted-foreground text-xs">Within range</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
