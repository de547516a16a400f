import '@/components/print/print-alone.css';
import './outreach-table.css';
import type { OutreachPatient } from '@vigil/domain';
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { Link } from 'wouter';
import { useNow } from '@/hooks/use-now.ts';
import { patientLabel } from '@/lib/patient-label.ts';
import { cn } from '@/lib/utils.ts';
import {
  alertConditionText,
  alertStateText,
  OUTREACH_REASON_LABELS,
  observationsText,
} from '../lib/outreach-text.ts';

const TREND_ICONS = { rising: ArrowUpRight, falling: ArrowDownRight, level: ArrowRight } as const;

function News2Cell({ news2 }: { news2: OutreachPatient['news2'] }) {
  const Icon = news2.trend ? TREND_ICONS[news2.trend.direction] : null;
  return (
    <span className="inline-flex items-center gap-2">
      <span
        className={cn(
          'inline-flex min-w-8 justify-center rounded px-1.5 py-0.5 font-semibold tabular-nums',
          news2.total >= 7
            ? 'bg-red-700 text-white'
            : news2.total >= 5 || news2.redScore
              ? 'bg-orange-200 text-orange-950'
              : 'bg-muted text-foreground',
        )}
      >
        {news2.total}
      </span>
      {news2.trend && Icon && (
        <span className="inline-flex items-center gap-1 text-muted-foreground text-xs">
          <Icon className="size-3.5" aria-hidden="true" />
          <span>
            {news2.trend.direction} {news2.trend.from} → {news2.trend.to}
          </span>
        </span>
      )}
    </span>
  );
}

/**
 * The hospital's patients at risk as a table the outreach team works down: overdue observations
 * first (the server's order), then the highest NEWS2. Each row names ward and bed, NEWS2 and its
 * trend over 6 hours, why the patient is on the list, the open alert and how long it has waited,
 * and the observation schedule. Printed as it is for the round (outreach-table.css).
 */
export function OutreachTable({ patients }: { patients: readonly OutreachPatient[] }) {
  const nowMs = useNow();
  return (
    <div className="outreach-table-scroll overflow-x-auto rounded-lg border bg-card">
      <table className="outreach-table w-full border-collapse text-sm">
        <caption className="sr-only">
          Patients at risk on every ward: overdue observations first, then the highest NEWS2
        </caption>
        <thead className="bg-muted/60 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Ward
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Bed
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Patient
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              NEWS2 (6 h trend)
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Why
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Open alert
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Observations
            </th>
          </tr>
        </thead>
        <tbody>
          {patients.map((row) => {
            const obs = observationsText(row.observations.dueAt, nowMs);
            return (
              <tr key={row.patientId} data-patient-id={row.patientId} className="border-t align-top">
                <td className="px-3 py-2">
                  <span className="font-medium">{row.ward.name}</span>{' '}
                  <span className="text-muted-foreground">({row.ward.code})</span>
                </td>
                <td className="px-3 py-2">
                  {row.bed ?? <span className="text-muted-foreground">No bed</span>}
                </td>
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  <Link href={`/patient/${row.patientId}`} className="text-primary underline">
                    {patientLabel(row)}
                  </Link>
                </th>
                <td className="px-3 py-2">
                  <News2Cell news2={row.news2} />
                </td>
                <td className="px-3 py-2">{row.reasons.map((r) => OUTREACH_REASON_LABELS[r]).join(', ')}</td>
                <td className="px-3 py-2">
                  {row.alert ? (
                    <span className="flex flex-col">
                      <span className="font-medium">{alertConditionText(row.alert.condition)}</span>
                      <span className="text-muted-foreground">{alertStateText(row.alert, nowMs)}</span>
                    </span>
                  ) : (
                    <span className="text-muted-foreground">None open</span>
                  )}
                </td>
                <td
                  className={cn('px-3 py-2', obs.isOverdue && 'font-semibold text-red-700 dark:text-red-400')}
                >
                  {obs.text}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
