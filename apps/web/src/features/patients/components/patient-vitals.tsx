import { dashboardVitalFlags, formatCelsius, type Patient, tenthsFToCelsius } from '@vigil/domain';
import {
  Activity,
  ArrowDown,
  ArrowUp,
  Droplet,
  HeartPulse,
  type LucideIcon,
  Thermometer,
} from 'lucide-react';
import { cn } from '@/lib/utils.ts';

type Flag = 'low' | 'high' | 'elevated' | null;

function VitalTile({
  icon: Icon,
  label,
  value,
  unit,
  flag,
  isStale,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  unit: string;
  flag: Flag;
  isStale: boolean;
}) {
  const FlagIcon = flag === 'low' ? ArrowDown : ArrowUp;
  return (
    <div
      data-abnormal={flag ? 'true' : undefined}
      className={cn(
        'min-w-0 rounded-lg border px-3 py-2',
        flag
          ? 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/60'
          : 'border-transparent bg-muted/70',
        isStale && 'border-slate-400 border-dashed bg-muted dark:border-slate-500 dark:bg-muted',
      )}
    >
      <dt className="flex items-center gap-1.5 text-muted-foreground text-xs">
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
        {label}
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
        className={cn(
          'mt-0.5 flex items-baseline gap-x-1 font-semibold text-lg tabular-nums leading-tight',
          flag && 'text-red-700 dark:text-red-300',
          isStale && 'font-medium text-muted-foreground dark:text-muted-foreground',
        )}
      >
        <span>{value}</span>
        <span className="font-normal text-sm">{unit}</span>
        {flag && <span className="sr-only">({flag})</span>}
      </dd>
    </div>
  );
}

/**
 * The card's four vitals. Abnormal values by the DASHBOARD thresholds (spec point 5) are red, with an
 * arrow and the word ("low", "high", "elevated"; spoken as "(low)" after the value), so the flag never
 * depends on colour alone. Stale vitals are greyed in dashed tiles (the card says "Stale" above them).
 */
export function PatientVitals({ patient, isStale = false }: { patient: Patient; isStale?: boolean }) {
  const flags = dashboardVitalFlags(patient);
  return (
    <dl data-stale={isStale || undefined} className="grid grid-cols-2 gap-2">
      <VitalTile
        icon={Droplet}
        label="O2"
        value={String(patient.oxygenLevel)}
        unit="%"
        flag={flags.oxygen}
        isStale={isStale}
      />
      <VitalTile
        icon={HeartPulse}
        label="Pulse"
        value={String(patient.pulse)}
        unit="bpm"
        flag={flags.pulse}
        isStale={isStale}
      />
      <VitalTile
        icon={Activity}
        label="BP"
        value={`${patient.systolicBP}/${patient.diastolicBP}`}
        unit="mmHg"
        flag={flags.bloodPressure}
        isStale={isStale}
      />
      <VitalTile
        icon={Thermometer}
        label="Temp"
        value={formatCelsius(tenthsFToCelsius(patient.temperature))}
        unit="°C"
        flag={flags.temperature}
        isStale={isStale}
      />
    </dl>
  );
}
