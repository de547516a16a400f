import { dashboardVitalFlags, type Patient, vitalsOfPatient } from '@vigil/domain';
import {
  Activity,
  ArrowDown,
  ArrowUp,
  Droplet,
  HeartPulse,
  type LucideIcon,
  Thermometer,
} from 'lucide-react';
import { ValueSourceLine } from '@/components/provenance/value-source-line.tsx';
import { useNow } from '@/hooks/use-now.ts';
import { type CoreVitalId, coreVitalDisplay, coreVitalPatientField } from '@/lib/core-vitals.ts';
import { cn } from '@/lib/utils.ts';
import { describeValueSource, type ValueSource } from '@/lib/value-source.ts';
import { CARD_VITALS } from '../lib/card-summary.ts';

type Flag = 'low' | 'high' | 'elevated' | null;

function VitalTile({
  icon: Icon,
  label,
  value,
  unit,
  flag,
  isStale: isCardStale,
  source,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  unit: string;
  flag: Flag;
  isStale: boolean;
  source: ValueSource | null;
}) {
  const isStale = isCardStale || source?.isStale === true;
  const FlagIcon = flag === 'low' ? ArrowDown : ArrowUp;
  return (
    <div
      data-abnormal={flag ? 'true' : undefined}
      className={cn(
        'min-w-0 rounded-lg border px-3 py-2',
        flag
          ? 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/60'
          : 'border-transparent bg-muted/70',
        // Stale adds a warning, never removes one: an abnormal tile keeps its red, only the border dashes.
        isStale && 'border-dashed',
        isStale && !flag && 'border-slate-400 dark:border-slate-500',
      )}
    >
      {/* Wraps instead of spilling: at 768–1000 and 1280–1366 px a tile is narrower than
          "BP ↑ elevated" or "120/80 mmHg" on one line (the flag word moves under the label). */}
      <dt className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-muted-foreground text-xs">
        <span className="inline-flex min-w-0 items-center gap-1.5">
          <Icon className="size-3.5 shrink-0" aria-hidden="true" />
          {label}
        </span>
        {/* Seen, not read: the value below carries the same word for screen readers. */}
        {flag && (
          <span
            aria-hidden="true"
            className="ml-auto inline-flex items-center gap-0.5 font-semibold text-red-700 dark:text-red-300"
          >
            <FlagIcon className="size-3.5" strokeWidth={2.5} />
            {flag}
          </span>
        )}
      </dt>
      <dd
        data-vital-value=""
        className={cn(
          'mt-0.5 flex flex-wrap items-baseline gap-x-1 font-semibold text-lg tabular-nums leading-tight',
          flag && 'text-red-700 dark:text-red-300',
          isStale && !flag && 'font-medium text-muted-foreground dark:text-muted-foreground',
        )}
      >
        <span>{value}</span>
        <span className="font-normal text-sm">{unit}</span>
        {flag && <span className="sr-only">({flag})</span>}
      </dd>
      <dd className="mt-0.5 leading-tight">
        <ValueSourceLine source={source} className="text-[11px]" />
      </dd>
    </div>
  );
}

const ICONS: Record<CoreVitalId, LucideIcon> = {
  oxygenLevel: Droplet,
  heartRate: HeartPulse,
  bloodPressure: Activity,
  temperature: Thermometer,
};

/**
 * The card's four vitals. Abnormal values by the DASHBOARD thresholds (spec point 5) are red, with an
 * arrow and the word ("low", "high", "elevated"; spoken as "(low)" after the value), so the flag never
 * depends on colour alone. Each says its class and age ("Observation · 12 min ago"). Stale vitals get
 * dashed borders (the card says "Stale" above them, a single stale value on its own line); an
 * abnormal value keeps its red, because staleness adds a warning and never removes one.
 */
export function PatientVitals({ patient, isStale = false }: { patient: Patient; isStale?: boolean }) {
  const flags = dashboardVitalFlags(patient);
  const values = vitalsOfPatient(patient);
  const now = useNow();
  return (
    // Two tiles a row only where a tile can hold "188/112 mmHg" and "↑ elevated" (a card at least
    // 15rem wide inside); narrower cards (768–850 px with the sidebar) stack them.
    <div className="@container">
      <dl data-stale={isStale || undefined} className="grid grid-cols-1 gap-2 @[15rem]:grid-cols-2">
        {CARD_VITALS.map(({ id, label }) => (
          <VitalTile
            key={id}
            icon={ICONS[id]}
            label={label}
            {...coreVitalDisplay(id, values)}
            flag={flags[id]}
            isStale={isStale}
            source={describeValueSource(
              patient.sources[coreVitalPatientField(id)],
              patient.news2.staleAfterMs,
              now,
            )}
          />
        ))}
      </dl>
    </div>
  );
}
