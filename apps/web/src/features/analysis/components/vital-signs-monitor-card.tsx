import type { Patient } from '@vigil/domain';
import { Activity, BatteryMedium, Radio, Siren, Watch } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatClockTime } from '@/lib/date-time.ts';
import { vitalsAnalysisErrorMessage } from '../api/analyze-vitals.ts';
import { useVitalsMonitor } from '../hooks/use-vitals-monitor.ts';
import {
  connectionLabel,
  deviceForPatient,
  HIGH_PRIORITY_REFRESH_MS,
  type MonitorDevice,
  monitorInput,
} from '../lib/monitor-rules.ts';
import { AlertLevelBadge } from './alert-level-badge.tsx';
import { MonitorResult } from './monitor-result.tsx';

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const TITLE = 'Real-time Vital Signs Monitor';

/**
 * Real-time Vital Signs Monitor (spec point 2). Analyses the patient's vitals on mount and every
 * 5 minutes (every minute for a high-priority patient). `device` is where the vitals come from; until
 * live devices arrive it is the watch on record or the ward's own observations. `freshness` (when the
 * next observations are due, or "Stale") is the screen's; `isStale` greys the analysed values.
 */
export function VitalSignsMonitorCard({
  patient,
  device,
  isStale = false,
  freshness,
}: {
  patient?: Patient;
  device?: MonitorDevice;
  isStale?: boolean;
  freshness?: ReactNode;
}) {
  const titleId = useId();
  if (!patient) {
    return (
      <Card role="region" aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId}>{TITLE}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-muted-foreground text-sm">Patient data not available</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <PatientMonitor
      patient={patient}
      device={device ?? deviceForPatient(patient)}
      titleId={titleId}
      isStale={isStale}
      freshness={freshness}
    />
  );
}

function PatientMonitor({
  patient,
  device,
  titleId,
  isStale,
  freshness,
}: {
  patient: Patient;
  device: MonitorDevice;
  titleId: string;
  isStale: boolean;
  freshness: ReactNode;
}) {
  const { query, refreshMs, isHighPriority } = useVitalsMonitor(patient);
  const connection = connectionLabel(device.name);
  const battery = typeof device.batteryLevel === 'number' ? `${device.batteryLevel}%` : '—';
  const isBatteryLow = typeof device.batteryLevel === 'number' && device.batteryLevel < 20;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle id={titleId} className="flex items-center gap-2">
            <Activity className="size-5 text-primary" aria-hidden="true" />
            {TITLE}
          </CardTitle>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline" className="gap-1.5">
              <Radio aria-hidden="true" />
              {connection}
            </Badge>
            {query.data && !query.isError && <AlertLevelBadge level={query.data.alertLevel} />}
          </div>
        </div>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-muted-foreground text-sm">
          <div className="flex items-center gap-1.5">
            <Watch className="size-4" aria-hidden="true" />
            <dt className="sr-only">Device</dt>
            <dd>{device.name}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <BatteryMedium className="size-4" aria-hidden="true" />
            <dt>Battery</dt>
            <dd className={isBatteryLow ? 'font-semibold text-destructive' : undefined}>
              {battery}
              {isBatteryLow && ' (low, < 20%)'}
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>Vitals recorded</dt>
            <dd>{DATE_TIME.format(new Date(patient.lastUpdated))}</dd>
          </div>
        </dl>
        {freshness}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div aria-live="polite" aria-busy={query.isFetching}>
          {query.isPending ? (
            <div role="status" className="flex items-center gap-3 py-6 text-muted-foreground text-sm">
              <Spinner label="Analyzing vital signs" className="[&_svg]:size-5" />
              Analyzing vital signs...
            </div>
          ) : query.isError ? (
            <div
              role="alert"
              className="flex flex-col items-start gap-1 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
            >
              <p className="font-medium text-destructive">{vitalsAnalysisErrorMessage(query.error)}</p>
              <Button variant="link" onClick={() => void query.refetch()} disabled={query.isFetching}>
                Try again
              </Button>
            </div>
          ) : (
            <MonitorResult result={query.data} vitals={monitorInput(patient)} isStale={isStale} />
          )}
        </div>
        <footer className="flex flex-col gap-1 border-t pt-3 text-muted-foreground text-xs">
          <p>
            {query.data && !query.isError
              ? `Analysed at ${formatClockTime(new Date(query.data.generatedAt))}. `
              : ''}
            Refreshes every {refreshMs === HIGH_PRIORITY_REFRESH_MS ? 'minute' : '5 minutes'}.
          </p>
          {isHighPriority && (
            <p className="flex items-center gap-1.5 font-medium text-foreground">
              <Siren className="size-4 text-destructive" aria-hidden="true" />
              High-priority patient: analysis refreshes every minute.
            </p>
          )}
        </footer>
      </CardContent>
    </Card>
  );
}
