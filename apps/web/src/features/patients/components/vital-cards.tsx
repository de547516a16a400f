import type { Patient } from '@vigil/domain';
import { TriangleAlert } from 'lucide-react';
import { ValueSourceLine } from '@/components/provenance/value-source-line.tsx';
import { useNow } from '@/hooks/use-now.ts';
import { cn } from '@/lib/utils.ts';
import { describeValueSource } from '@/lib/value-source.ts';
import { VITAL_CARD_ICONS } from '@/lib/vital-icons.ts';
import { useVitalsStaleness } from '../hooks/use-vitals-staleness.ts';
import { vitalCardIcon, vitalCardModels, vitalCardPatientField } from '../lib/vital-cards.ts';
import { VitalsFreshness } from './vitals-freshness.tsx';

/**
 * The vital cards: the spec's four (point 2), then respiratory rate and level of consciousness
 * (ACVPU), the first NEWS2 parameters, where a nurse looks for them. An abnormal value by the patient-page thresholds (spec
 * point 5) gets a red frame AND the words "High"/"Low" with the limit crossed: never colour alone. A
 * value NEWS2 scores names its score instead of "Within range" (orange for 1–2 points, red for 3).
 * Each card says where its value comes from and how old it is ("Device · Polar H10 · just now"); a
 * value older than the NEWS2 interval says "Stale" and its card is dashed. Above them: when the next
 * observations are due, or the "Stale" marker once they are overdue, and then every card is dashed
 * so none looks current (docs/reference/clinical.md); a normal value is greyed, an abnormal one keeps
 * its red (staleness adds a warning, never removes one).
 */
export function VitalCards({ patient }: { patient: Patient }) {
  const staleness = useVitalsStaleness(patient);
  const now = useNow();
  return (
    <section aria-labelledby="vital-signs-heading" className="flex flex-col gap-2">
      <h2 id="vital-signs-heading" className="sr-only">
        Vital signs
      </h2>
      <VitalsFreshness
        staleness={staleness}
        dueAt={patient.observations.dueAt}
        lastUpdated={patient.lastUpdated}
      />
      <ul
        data-stale={staleness.isStale || undefined}
        className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4 2xl:grid-cols-6"
      >
        {vitalCardModels(patient).map((card) => {
          const Icon = VITAL_CARD_ICONS[vitalCardIcon(card.key)];
          const source = describeValueSource(
            patient.sources[vitalCardPatientField(card.key)],
            patient.news2.staleAfterMs,
            now,
          );
          const isStale = staleness.isStale || source?.isStale === true;
          const isAlarm = card.tone === 'alarm';
          const isWarning = card.tone === 'warning';
          return (
            <li
              key={card.key}
              data-abnormal={card.tone ? 'true' : undefined}
              data-stale={isStale || undefined}
              className={cn(
                'flex min-w-0 flex-col gap-1 rounded-xl border bg-card p-4 shadow-sm',
                isAlarm && 'border-red-600 bg-red-50 dark:border-red-500 dark:bg-red-950/40',
                isWarning && 'border-orange-500 bg-orange-50 dark:border-orange-500 dark:bg-orange-950/40',
                // Stale adds a warning, never removes one: an abnormal card keeps its colour.
                isStale && 'border-dashed shadow-none',
                isStale && !card.tone && 'bg-muted dark:bg-muted',
              )}
            >
              <h3 className="flex items-center gap-2 font-medium text-muted-foreground text-sm">
                <Icon
                  className={cn(
                    'size-4 shrink-0',
                    isAlarm
                      ? 'text-red-700 dark:text-red-400'
                      : isWarning
                        ? 'text-orange-700 dark:text-orange-300'
                        : 'text-primary',
                  )}
                  aria-hidden="true"
                />
                {card.label}
              </h3>
              <p className="flex flex-wrap items-baseline gap-x-1.5">
                <span
                  className={cn(
                    'font-semibold text-2xl tabular-nums md:text-3xl',
                    isAlarm && 'text-red-700 dark:text-red-400',
                    isWarning && 'text-orange-800 dark:text-orange-200',
                    isStale && !card.tone && 'font-medium text-muted-foreground dark:text-muted-foreground',
                  )}
                >
                  {card.value}
                </span>
                <span className="text-muted-foreground text-sm">{card.unit}</span>
              </p>
              {card.tone ? (
                <p
                  data-vital-status=""
                  className={cn(
                    'flex items-start gap-1 font-medium text-xs',
                    isAlarm ? 'text-red-700 dark:text-red-400' : 'text-orange-800 dark:text-orange-200',
                  )}
                >
                  <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                  <span>
                    {card.status}
                    {!card.flag && card.news2?.limit && (
                      <span className="font-normal"> ({card.news2.limit})</span>
                    )}
                  </span>
                </p>
              ) : (
                <p data-vital-status="" className="text-muted-foreground text-xs">
                  {card.status}
                </p>
              )}
              <ValueSourceLine source={source} className="mt-auto pt-1" />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
