import type { Patient } from '@vigil/domain';
import { ArrowDown, ArrowUp, type LucideIcon, TriangleAlert } from 'lucide-react';
import { ValueSourceLine } from '@/components/provenance/value-source-line.tsx';
import { useNow } from '@/hooks/use-now.ts';
import { cn } from '@/lib/utils.ts';
import { describeValueSource, type ValueSource } from '@/lib/value-source.ts';
import { VITAL_TILE_ICONS } from '@/lib/vital-tile-icons.ts';
import { type CardVital, cardVitals } from '../lib/card-vitals.ts';
import { vitalCardIcon, vitalCardPatientField } from '../lib/vital-display.ts';

function VitalTile({
  icon: Icon,
  tile: { label, value, unit, flag, points, tone },
  isStale: isCardStale,
  source,
  isSourceShared,
}: {
  icon: LucideIcon | null;
  tile: CardVital;
  isStale: boolean;
  source: ValueSource | null;
  /** The card says the source once for every tile (they share it): the tile does not repeat it. */
  isSourceShared: boolean;
}) {
  const isStale = isCardStale || source?.isStale === true;
  const FlagIcon =
    flag === 'low' ? ArrowDown : flag === 'high' || flag === 'elevated' ? ArrowUp : TriangleAlert;
  const isAlarm = tone === 'alarm';
  const word = flag === 'scores' ? `NEWS2 ${points}` : flag;
  // Spoken after the value: the flag and the NEWS2 points ("(low, scores 3 in NEWS2)").
  const spoken = [flag && flag !== 'scores' ? flag : null, points ? `scores ${points} in NEWS2` : null]
    .filter(Boolean)
    .join(', ');
  return (
    <div
      data-abnormal={flag ? 'true' : undefined}
      data-tone={tone ?? undefined}
      className={cn(
        'min-w-0 rounded-lg border px-3 py-2',
        isAlarm
          ? 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/60'
          : tone === 'warning'
            ? 'border-orange-300 bg-orange-50 dark:border-orange-800 dark:bg-orange-950/60'
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
          {Icon && <Icon className="size-3.5 shrink-0" aria-hidden="true" />}
          {label}
        </span>
        {/* Seen, not read: the value below carries the same word for screen readers. */}
        {word && (
          <span
            aria-hidden="true"
            className={cn(
              'ml-auto inline-flex items-center gap-0.5 font-semibold',
              isAlarm ? 'text-red-700 dark:text-red-300' : 'text-orange-800 dark:text-orange-200',
            )}
          >
            <FlagIcon className="size-3.5" strokeWidth={2.5} />
            {word}
          </span>
        )}
      </dt>
      <dd
        data-vital-value=""
        className={cn(
          'mt-0.5 flex flex-wrap items-baseline gap-x-1 font-semibold text-lg tabular-nums leading-tight',
          isAlarm && 'text-red-700 dark:text-red-300',
          tone === 'warning' && 'text-orange-800 dark:text-orange-200',
          isStale && !flag && 'font-medium text-muted-foreground dark:text-muted-foreground',
        )}
      >
        <span>{value}</span>
        {unit && <span className="font-normal text-sm">{unit}</span>}
        {spoken && <span className="sr-only">({spoken})</span>}
      </dd>
      {!isSourceShared && (
        <dd className="mt-0.5 leading-tight">
          <ValueSourceLine source={source} className="text-[11px]" />
        </dd>
      )}
    </div>
  );
}

const sameSource = (a: ValueSource, b: ValueSource) =>
  a.text === b.text && a.provenance === b.provenance && a.isStale === b.isStale;

/**
 * The card's vitals: the spec's four, then respiratory rate and ACVPU. Abnormal values by the
 * DASHBOARD thresholds (spec point 5) are red, and so is any value NEWS2 scores 3 (orange for 1–2
 * points, from the server's summary), with an arrow and the word ("low", "high", "elevated", "not
 * alert"; spoken after the value with its NEWS2 points), so the flag never depends on colour alone.
 * Each says its class and age ("Observation · 12 min ago"), once under the tiles when they all share
 * it (a set of observations), so six tiles fit a phone's first screen. Stale vitals get
 * dashed borders (the card says "Stale" above them, a single stale value on its own line); an
 * abnormal value keeps its red, because staleness adds a warning and never removes one.
 */
export function PatientVitals({ patient, isStale = false }: { patient: Patient; isStale?: boolean }) {
  const now = useNow();
  const tiles = cardVitals(patient).map((tile) => ({
    tile,
    source: describeValueSource(
      patient.sources[vitalCardPatientField(tile.key)],
      patient.news2.staleAfterMs,
      now,
    ),
  }));
  const sources = tiles.flatMap(({ source }) => (source ? [source] : []));
  const shared =
    sources.length > 0 && sources.every((source) => sameSource(source, sources[0]!)) ? sources[0]! : null;
  return (
    // Two tiles a row only where a tile can hold "188/112 mmHg" and "↑ elevated" (a card at least
    // 15rem wide inside); narrower cards (768–850 px with the sidebar) stack them.
    <div className="@container flex flex-col gap-1">
      <dl data-stale={isStale || undefined} className="grid grid-cols-1 gap-2 @[15rem]:grid-cols-2">
        {tiles.map(({ tile, source }) => (
          <VitalTile
            key={tile.key}
            icon={VITAL_TILE_ICONS[vitalCardIcon(tile.key)]}
            tile={tile}
            isStale={isStale}
            source={source}
            isSourceShared={shared !== null}
          />
        ))}
      </dl>
      {shared && (
        <p data-shared-source="" className="leading-tight">
          <span className="sr-only">Every value: </span>
          <ValueSourceLine source={shared} />
        </p>
      )}
    </div>
  );
}
