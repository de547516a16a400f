import type { UseQueryResult } from '@tanstack/react-query';
import {
  CONSCIOUSNESS,
  DIASTOLIC_BP,
  formatCelsius,
  HEART_RATE,
  NEWS2_PARAMETER_LABELS,
  type News2Parameter,
  type NumericVitalSign,
  OXYGEN_LEVEL,
  type Patient,
  PROVENANCE_LABELS,
  RESPIRATORY_RATE,
  SUPPLEMENTAL_OXYGEN,
  SYSTOLIC_BP,
  TEMPERATURE,
  tenthsFToRoundedCelsius,
  type VitalReading,
} from '@vigil/domain';
import { Table2 } from 'lucide-react';
import { useId, useState } from 'react';
import { CardError } from '@/components/card-states/card-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatTimeOrDayTime } from '@/lib/date-time.ts';
import { cn } from '@/lib/utils.ts';
import type { TrendPoint } from '../lib/trend-points.ts';
import { MarkEnteredInErrorDialog } from './mark-entered-in-error-dialog.tsx';

/** Rows in the table: the latest readings, enough for a handover, short enough to read out. */
export const TABLE_ROWS = 12;

const dash = (value: string | number | null) => (value === null ? '—' : String(value));

/** A numeric vital's column: "Pulse (bpm)", its values as displayed (°C with one decimal). */
const numeric = (vital: NumericVitalSign) => ({
  header: `${vital.shortLabel} (${vital.displayUnit})`,
  cell: (r: VitalReading) => {
    const value = r[vital.readingField] as number | null;
    if (value === null) return '—';
    return vital.entry === 'celsius' ? formatCelsius(tenthsFToRoundedCelsius(value)) : String(value);
  },
});

/** The columns after Time, Source and NEWS2: the vital signs, the pulse and SpO2 first as on the vital cards. */
const COLUMNS: readonly { header: string; cell: (r: VitalReading) => string }[] = [
  numeric(HEART_RATE),
  numeric(OXYGEN_LEVEL),
  {
    header: 'Air or O2',
    cell: (r) => {
      const onOxygen = r[SUPPLEMENTAL_OXYGEN.readingField];
      return onOxygen === null ? '—' : SUPPLEMENTAL_OXYGEN.chartLabels[onOxygen ? 'true' : 'false'];
    },
  },
  {
    header: `BP (${SYSTOLIC_BP.displayUnit})`,
    cell: (r) => {
      const systolic = r[SYSTOLIC_BP.readingField];
      return systolic === null ? '—' : `${systolic}/${dash(r[DIASTOLIC_BP.readingField])}`;
    },
  },
  numeric(TEMPERATURE),
  numeric(RESPIRATORY_RATE),
  { header: CONSCIOUSNESS.shortLabel, cell: (r) => dash(r[CONSCIOUSNESS.readingField]) },
];
const names = (parameters: readonly News2Parameter[]) =>
  parameters.map((p) => NEWS2_PARAMETER_LABELS[p]).join(', ');

/** "Device · Polar H10", "Observation": a reading's origin. */
function sourceOf(reading: VitalReading): string {
  const label = PROVENANCE_LABELS[reading.provenance];
  return reading.provenance !== 'observation' && reading.deviceName
    ? `${label} · ${reading.deviceName}`
    : label;
}

function News2Cell({ reading, point }: { reading: VitalReading; point: TrendPoint | undefined }) {
  if (reading.status === 'entered-in-error') {
    return <td className="px-2 py-1.5 text-muted-foreground">Not scored</td>;
  }
  if (!point?.news2) {
    return (
      <td
        className="px-2 py-1.5 text-muted-foreground"
        title="Scored with its interval on the chart, or not scored yet"
      >
        …
      </td>
    );
  }
  const { total, complete, missing } = point.news2;
  return (
    <td className="px-2 py-1.5">
      <span className="font-semibold">{`${complete ? '' : '≥'}${total}`}</span>
      {!complete && (
        <span className="block text-muted-foreground text-xs">Incomplete: {names(missing)} not recorded</span>
      )}
    </td>
  );
}

/**
 * The patient's latest readings, newest first, as stored: each with its source, the server's NEWS2
 * (where the trend scored that reading), its values, and for a reading found wrong, who marked it
 * entered in error and why. A nurse marks her observations entered in error here. Always in the
 * accessibility tree; shown behind its toggle.
 */
export function ReadingsTable({
  patient,
  readings,
  points,
  mayCorrect,
}: {
  patient: Patient;
  readings: UseQueryResult<VitalReading[]>;
  points: readonly TrendPoint[];
  /** Whether the person may mark an observation entered in error (observations:record). */
  mayCorrect: boolean;
}) {
  const [isShown, setShown] = useState(false);
  const tableId = useId();
  const rows = (readings.data ?? []).slice(-TABLE_ROWS).reverse();
  const pointOf = new Map(points.flatMap((p) => (p.readingId === null ? [] : [[p.readingId, p] as const])));

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
        {isShown ? 'Hide latest readings' : 'Show latest readings'}
      </Button>
      {readings.isError && !readings.data && <CardError what="the latest readings" error={readings.error} />}
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
        <table className="w-full min-w-[48rem] border-collapse text-left text-sm tabular-nums">
          <caption className="sr-only">The latest {TABLE_ROWS} readings, newest first</caption>
          <thead className="bg-muted text-muted-foreground text-xs">
            <tr>
              {['Time', 'Source', 'NEWS2', ...COLUMNS.map((c) => c.header), 'Status'].map((label) => (
                <th key={label} scope="col" className="px-2 py-1.5 font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={COLUMNS.length + 4} className="px-2 py-3 text-center text-muted-foreground">
                  No readings yet.
                </td>
              </tr>
            )}
            {rows.map((r) => {
              const isError = r.status === 'entered-in-error';
              return (
                <tr key={r.id} className="border-t align-top" data-reading-status={r.status}>
                  <th scope="row" className="px-2 py-1.5 font-medium">
                    <time dateTime={r.readingTime}>{formatTimeOrDayTime(Date.parse(r.readingTime))}</time>
                  </th>
                  <td className="px-2 py-1.5">{sourceOf(r)}</td>
                  <News2Cell reading={r} point={pointOf.get(r.id)} />
                  {COLUMNS.map((column) => (
                    <td
                      key={column.header}
                      className={cn('px-2 py-1.5', isError && 'text-muted-foreground line-through')}
                    >
                      {column.cell(r)}
                    </td>
                  ))}
                  <td className="px-2 py-1.5 text-xs">
                    {isError && r.correction ? (
                      <span>
                        Entered in error: {r.correction.reason} ({r.correction.byName ?? 'unknown'},{' '}
                        {formatTimeOrDayTime(Date.parse(r.correction.at))})
                      </span>
                    ) : r.corrects !== null ? (
                      'Correction'
                    ) : mayCorrect && r.provenance === 'observation' ? (
                      <MarkEnteredInErrorDialog patient={patient} reading={r} />
                    ) : (
                      ''
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
