import type { Patient } from '@vigil/domain';
import { Activity, BatteryMedium, ClipboardList, Radio, Siren, Watch } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { DemoPatientBadge } from '@/components/provenance/demo-patient-badge.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatClockTime, formatDateTime } from '@/lib/date-time.ts';
import { cn } from '@/lib/utils.ts';
import { useVitalsMonitor } from '../hooks/use-vitals-monitor.ts';
import { vitalsAnalysisErrorMessage } from '../lib/monitor-errors.ts';
import { type ConnectionTone, connectionBadge, monitorDevice, refreshNote } from '../lib/monitor-rules.ts';

const CONNECTION_TONE_CLASSES: Record<ConnectionTone, string> = {
  live: 'border-green-600 text-green-800 dark:text-green-300',
  simulation: 'border-amber-500 text-amber-900 dark:text-amber-200',
  offline: 'border-slate-500 border-dashed text-slate-700 dark:text-slate-300',
  manual: 'text-muted-foreground',
};

import { AlertLevelBadge } from './alert-level-badge.tsx';
import { MonitorResult } from './monitor-result.tsx';

const TITLE = 'Real-time Vital Signs Monitor';

/**
 * Real-time Vital Signs Monitor (spec point 2). Shows the server's analysis of the patient (fetched
 * on mount and every 5 minutes; every minute for the spec's high-priority patient or a medium/high
 * NEWS2) beside the patient's current values, each with its class and age. The connection badge is
 * the server's state of the patient's newest device ("Device lost at HH:MM" once lost), or the class
 * of the values when no device feeds the patient. `freshness` (when the next observations are due,
 * or "Stale") is the screen's; `isStale` greys the values.
 */
export function VitalSignsMonitorCard({
  patient,
  isStale = false,
  freshness,
  isDetailFolded = false,
}: {
  patient?: Patient;
  isStale?: boolean;
  freshness?: ReactNode;
  /** Fold the analysis text and recommendations (the page's AI Analysis card leads with them). */
  isDetailFolded?: boolean;
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
      titleId={titleId}
      isStale={isStale}
      freshness={freshness}
      isDetailFolded={isDetailFolded}
    />
  );
}

function PatientMonitor({
  patient,
  titleId,
  isStale,
  freshness,
  isDetailFolded,
}: {
  patient: Patient;
  titleId: string;
  isStale: boolean;
  freshness: ReactNode;
  isDetailFolded: boolean;
}) {
  const { query, refreshReason, band } = useVitalsMonitor(patient);
  const device = monitorDevice(patient);
  const connection = connectionBadge(device);
  const hasBattery = device.kind === 'device';
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
            {patient.isDemo && <DemoPatientBadge />}
            <Badge
              variant="outline"
              data-connection={connection.tone}
              className={cn('gap-1.5', CONNECTION_TONE_CLASSES[connection.tone])}
            >
              {connection.tone === 'manual' ? (
                <ClipboardList aria-hidden="true" />
              ) : (
                <Radio aria-hidden="true" />
              )}
              {connection.label}
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
          {/* Manual observations have no battery: no row, rather than a meaningless "—". */}
          {hasBattery && (
            <div className="flex items-center gap-1.5">
              <BatteryMedium className="size-4" aria-hidden="true" />
              <dt>Battery</dt>
              <dd className={isBatteryLow ? 'font-semibold text-destructive' : undefined}>
                {battery}
                {isBatteryLow && ' (low, < 20%)'}
              </dd>
            </div>
          )}
          <div className="flex items-center gap-1.5">
            <dt>Vitals recorded</dt>
            <dd>{formatDateTime(patient.lastUpdated)}</dd>
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
            <MonitorResult
              result={query.data}
              patient={patient}
              isStale={isStale}
              isDetailFolded={isDetailFolded}
            />
          )}
        </div>
        <footer className="flex flex-col gap-1 border-t pt-3 text-muted-foreground text-xs">
          <p>
            {query.data && !query.isError
              ? `Analysed at ${formatClockTime(new Date(query.data.generatedAt))}. `
              : ''}
            {refreshReason !== 'high-priority' && refreshNote(refreshReason, band)}
          </p>
          {/* The spec's footer note, for its one special patient only. */}
          {refreshReason === 'high-priority' && (
            <p className="flex items-center gap-1.5 font-medium text-foreground">
              <Siren className="size-4 text-destructive" aria-hidden="true" />
              {refreshNote('high-priority', band)}
            </p>
          )}
        </footer>
      </CardContent>
    </Card>
  );
}
