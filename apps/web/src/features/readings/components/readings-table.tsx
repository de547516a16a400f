import {
  CONSCIOUSNESS,
  formatCelsius,
  HEART_RATE,
  NEWS2_PARAMETER_LABELS,
  type News2Parameter,
  type NumericVitalSign,
  OXYGEN_LEVEL,
  RESPIRATORY_RATE,
  SYSTOLIC_BP,
  TEMPERATURE,
} from '@vigil/domain';
import { Table2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { formatTimeOrDayTime } from '@/lib/date-time.ts';
import { cn } from '@/lib/utils.ts';
import { type TrendPoint, trendValue } from '../lib/trend-points.ts';

/** Rows in the table: the latest readings, enough for a handover, short enough to read out. */
export const TABLE_ROWS = 12;

const dash = (value: string | number | null) => (value === null ? '—' : String(value));

/** A numeric vital's column: "Pulse (bpm)", its values as displayed (°C with one decimal). */
const numeric = (vital: NumericVitalSign) => ({
  header: `${vital.shortLabel} (${vital.displayUnit})`,
  cell: (p: TrendPoint) => {
    const value = trendValue(p, vital);
    return value === null ? '—' : vital.entry === 'celsius' ? formatCelsius(value) : String(value);
  },
});

/** The columns after Time and NEWS2: the vital signs, the pulse and SpO2 first as on the vital cards. */
const COLUMNS: readonly { header: string; cell: (p: TrendPoint) => string }[] = [
  numeric(HEART_RATE),
  numeric(OXYGEN_LEVEL),
  {
    header: 'Air or O2',
    cell: (p) => (p.onSupplementalOxygen === null ? '—' : p.onSupplementalOxygen ? 'Oxygen' : 'Air'),
  },
  {
    header: `BP (${SYSTOLIC_BP.displayUnit})`,
    cell: (p) => (p.systolicBP === null ? '—' : `${p.systolicBP}/${dash(p.diastolicBP)}`),
  },
  numeric(TEMPERATURE),
  numeric(RESPIRATORY_RATE),
  { header: CONSCIOUSNESS.shortLabel, cell: (p) => dash(p.consciousness) },
];
const names = (parameters: readonly News2Parameter[]) =>
  parameters.map((p) => NEWS2_PARAMETER_LABELS[p]).join(', ');

function News2Cell({ point }: { point: TrendPoint }) {
  if (!point.news2) {
    return (
      <td className="px-2 py-1.5 text-muted-foreground" title="The server has not scored this reading yet">
        …
      </td>
    );
  }
  const { total, complete, missing, carriedForward } = point.news2;
  return (
    <td className="px-2 py-1.5">
      <span className="font-semibold">{`${complete ? '' : '≥'}${total}`}</span>
      {!complete && (
        <span className="block text-muted-foreground text-xs">Incomplete: {names(missing)} not recorded</span>
      )}
      {carriedForward.length > 0 && (
        <span className="block text-muted-foreground text-xs">Carried forward: {names(carriedForward)}</span>
      )}
    </td>
  );
}

/**
 * The chart's data as a table, for screen readers (always in the accessibility tree) and, behind the
 * toggle, for anyone who prefers numbers to lines.
 */
export function ReadingsTable({ points }: { points: readonly TrendPoint[] }) {
  const [isShown, setShown] = useState(false);
  const tableId = useId();
  const rows = points.slice(-TABLE_ROWS).reverse();
  const shownOf = points.length > TABLE_ROWS ? ` (latest ${TABLE_ROWS} of ${points.length})` : '';

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="link"
        className="self-start"
        aria-expanded={isShown}
        aria-controls={tableId}
        onClick={() => setShown((v) => !v)}
      >
        <Table2 aria-hidden="true" />
        {isShown ? 'Hide readings table' : 'Show readings table'}
      </Button>
      {/* Focusable while shown, so keyboard users can scroll it sideways on a phone. */}
      <div
        id={tableId}
        tabIndex={isShown ? 0 : undefined}
        className={cn(
          isShown
            ? 'overflow-x-auto rounded-md border focus-visible:outline-2 focus-visible:outline-ring'
            : 'sr-only',
        )}
      >
        <table className="w-full min-w-[40rem] border-collapse text-left text-sm tabular-nums">
          <caption className="sr-only">Readings of the last 24 hours, newest first{shownOf}</caption>
          <thead className="bg-muted text-muted-foreground text-xs">
            <tr>
              {['Time', 'NEWS2', ...COLUMNS.map((c) => c.header)].map((label) => (
                <th key={label} scope="col" className="px-2 py-1.5 font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.readingId} className="border-t align-top">
                <th scope="row" className="px-2 py-1.5 font-medium">
                  <time dateTime={new Date(p.timeMs).toISOString()}>{formatTimeOrDayTime(p.timeMs)}</time>
                </th>
                <News2Cell point={p} />
                {COLUMNS.map((column) => (
                  <td key={column.header} className="px-2 py-1.5">
                    {column.cell(p)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
