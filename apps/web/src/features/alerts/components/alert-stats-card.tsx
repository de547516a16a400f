import { useQuery } from '@tanstack/react-query';
import { ChartNoAxesColumn } from 'lucide-react';
import { CardError, CardLoading } from '@/components/card-states/card-states.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { formatDateTime } from '@/lib/date-time.ts';
import { getAlertStatsQueryOptions } from '../api/alerts.ts';
import { durationText, shareText } from '../lib/alert-display.ts';

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg border bg-muted/30 p-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold text-2xl tabular-nums">{value}</dd>
      <dd className="text-muted-foreground text-xs">{hint}</dd>
    </div>
  );
}

/** Alarm fatigue, measured: the ward's figures from GET /api/alerts/stats. */
/**
 * Alerts per patient-day with two significant figures, never rounded to nothing: 3 alerts over 412
 * patient-days is "0.0073", not "0.0" (which reads as none).
 */
export function perPatientDayText(value: number | null): string {
  if (value === null) return '—';
  if (value === 0) return '0';
  return value >= 10 ? value.toFixed(1) : String(Number(value.toPrecision(2)));
}

export function AlertStatsCard() {
  const { data: stats, error } = useQuery(getAlertStatsQueryOptions());
  return (
    <Card role="region" aria-labelledby="alert-stats-heading">
      <CardHeader>
        <CardTitle id="alert-stats-heading" className="flex items-center gap-2">
          <ChartNoAxesColumn className="size-5 text-primary" aria-hidden="true" />
          Alarm fatigue
        </CardTitle>
        {stats && (
          <CardDescription>
            Confirmed alerts from {formatDateTime(stats.from)} to {formatDateTime(stats.to)}: {stats.alerts}{' '}
            over {stats.patientDays.toFixed(1)} patient-days.
          </CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {stats ? (
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
            <Figure
              label="Alerts per patient-day"
              value={perPatientDayText(stats.alertsPerPatientDay)}
              hint="Fewer is calmer, if none are missed"
            />
            <Figure
              label="Acknowledged within deadline"
              value={shareText(stats.acknowledgedWithinDeadlineShare)}
              hint={`${stats.acknowledged} acknowledged`}
            />
            <Figure
              label="Median time to acknowledge"
              value={
                stats.medianTimeToAcknowledgeMs === null ? '—' : durationText(stats.medianTimeToAcknowledgeMs)
              }
              hint="From confirmation to acknowledgement"
            />
            <Figure
              label="Escalated"
              value={shareText(stats.escalatedShare)}
              hint="Past their deadline unacknowledged"
            />
          </dl>
        ) : error ? (
          <CardError what="the ward's alert figures" error={error} />
        ) : (
          <CardLoading label="Loading the ward's alert figures" />
        )}
      </CardContent>
    </Card>
  );
}
