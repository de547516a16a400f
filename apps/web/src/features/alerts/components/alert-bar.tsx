import { useQuery } from '@tanstack/react-query';
import type { Alert, Patient } from '@vigil/domain';
import { Siren, X } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { patientLabelOf } from '@/lib/patient-label.ts';
import { cn } from '@/lib/utils.ts';
import { getOpenAlertsQueryOptions } from '../api/alerts.ts';
import { useAlertAlarms } from '../hooks/use-alert-alarms.ts';
import {
  alertStateText,
  barAlerts,
  barRows,
  highestPriority,
  PRIORITY_STYLES,
} from '../lib/alert-display.ts';
import { AcknowledgeButton } from './acknowledge-button.tsx';
import { AlertAge } from './alert-age.tsx';
import { PriorityBadge } from './priority-badge.tsx';
import { SoundControl } from './sound-control.tsx';

function AlertBarItem({
  alert,
  patientName,
  isMine,
  canAcknowledge,
}: {
  alert: Alert;
  patientName: string;
  /** The patient is assigned to this person this shift. */
  isMine: boolean;
  canAcknowledge: boolean;
}) {
  const escalated = alert.escalationLevel > 0;
  return (
    <li
      data-alert-id={alert.id}
      data-priority={alert.priority}
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-md border border-l-4 bg-card px-3 py-2 text-sm',
        PRIORITY_STYLES[alert.priority].edge,
      )}
    >
      <PriorityBadge priority={alert.priority} />
      <Link href={`/patient/${alert.patientId}`} className="font-semibold underline-offset-2 hover:underline">
        {patientName}
      </Link>
      {isMine && (
        <span data-alert-mine="" className="rounded-sm border px-1.5 font-medium text-xs">
          Your patient
        </span>
      )}
      <span data-alert-message="" className="font-medium tabular-nums">
        {alert.message}
      </span>
      <span
        data-alert-state=""
        className={cn(escalated ? 'font-semibold text-red-700 dark:text-red-400' : 'text-muted-foreground')}
      >
        {alertStateText(alert)}
      </span>
      <AlertAge alert={alert} />
      {canAcknowledge && (
        <span className="ml-auto">
          <AcknowledgeButton alert={alert} patientName={patientName} />
        </span>
      )}
    </li>
  );
}

/** The ward's patients, which the shell passes in to name each alert's patient by. */
type PatientList = readonly Patient[] | undefined;

const NOBODY: ReadonlySet<number> = new Set();

/**
 * The ward's open alerts (kept current by the live events), the bar's share of them (those of the
 * person's own patients this shift, `mine`, first), and names.
 */
function useOpenAlerts(patients: PatientList, mine: ReadonlySet<number> = NOBODY) {
  const { data: alerts } = useQuery(getOpenAlertsQueryOptions());
  const nameOf = useCallback((patientId: number) => patientLabelOf(patients, patientId), [patients]);
  const isKnown = useCallback(
    (patientId: number) => patients?.some((p) => p.id === patientId) ?? false,
    [patients],
  );
  const shown = useMemo(() => (alerts ? barAlerts(alerts, mine) : []), [alerts, mine]);
  return { alerts, shown, nameOf, isKnown };
}

/**
 * The browser's alarms for the ward's open alerts, mounted once in the shell: the announcement of
 * each newly raised alert, the sound of a ward display that opted in, notifications.
 */
export function AlertAlarms({ patients, role }: { patients: PatientList; role: string }) {
  const { alerts, nameOf, isKnown } = useOpenAlerts(patients);
  useAlertAlarms(alerts, nameOf, isKnown, role);
  return null;
}

function BarList({
  shown,
  mine,
  nameOf,
  canAcknowledge,
}: {
  shown: Alert[];
  mine: ReadonlySet<number>;
  nameOf: (patientId: number) => string;
  canAcknowledge: boolean;
}) {
  // The first rows, then how many more the alerts page lists: never rows hidden without a word.
  const { rows, more } = barRows(shown);
  return (
    <>
      <ul className="flex flex-col gap-1.5" aria-label="Active alerts">
        {rows.map((alert) => (
          <AlertBarItem
            key={alert.id}
            alert={alert}
            patientName={nameOf(alert.patientId)}
            isMine={mine.has(alert.patientId)}
            canAcknowledge={canAcknowledge}
          />
        ))}
      </ul>
      {more > 0 && (
        <Link
          href="/alerts"
          data-alert-more=""
          className="mt-1.5 inline-block font-semibold text-primary text-sm underline underline-offset-2"
        >
          +{more} more on the alerts page
        </Link>
      )}
    </>
  );
}

const countText = (n: number) => (n === 1 ? '1 active alert' : `${n} active alerts`);

/**
 * The alert bar at the top of every signed-in page: the ward's active high and medium
 * priority alerts, highest first, each with the patient (a link to the record), the value and the
 * limit crossed, its state ("Escalated to ward manager"), its age and "Acknowledge" for a role that
 * may. Live: the `alert-changed` events write into its query, so an acknowledgement on one screen
 * clears it on every other. At the top of the page, in its flow (from 768 px; phones: AlertBarButton).
 */
export function AlertBar({
  canAcknowledge,
  patients,
  mine = NOBODY,
}: {
  canAcknowledge: boolean;
  patients: PatientList;
  /** The patients assigned to this person this shift: their alerts first, "Your patient". */
  mine?: ReadonlySet<number>;
}) {
  const { shown, nameOf } = useOpenAlerts(patients, mine);
  if (shown.length === 0) return null;
  return (
    <section
      aria-labelledby="alert-bar-heading"
      data-alert-bar=""
      className="max-h-[40svh] overflow-y-auto border-red-700/30 border-b bg-red-50 px-4 py-2 md:px-6 lg:px-8 dark:bg-red-950/60"
    >
      <div className="mb-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2
          id="alert-bar-heading"
          className="flex items-center gap-2 font-semibold text-red-900 text-sm dark:text-red-100"
        >
          <Siren className="size-4 shrink-0" aria-hidden="true" />
          {countText(shown.length)}
        </h2>
        <Link href="/alerts" className="text-primary text-sm underline underline-offset-2">
          All alerts
        </Link>
        <SoundControl className="ml-auto" />
      </div>
      <BarList shown={shown} mine={mine} nameOf={nameOf} canAcknowledge={canAcknowledge} />
    </section>
  );
}

/**
 * The alert bar on a phone (< 768 px): a button in the top bar, coloured by the highest priority
 * standing, that opens the same list under the top bar; the first screen keeps its patients in view.
 */
export function AlertBarButton({
  canAcknowledge,
  patients,
  mine = NOBODY,
}: {
  canAcknowledge: boolean;
  patients: PatientList;
  mine?: ReadonlySet<number>;
}) {
  const { shown, nameOf } = useOpenAlerts(patients, mine);
  const [isOpen, setIsOpen] = useState(false);
  const [location] = useLocation();
  const panelId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation by design.
  useEffect(() => setIsOpen(false), [location]);
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setIsOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isOpen]);
  if (shown.length === 0) return null;
  const top = highestPriority(shown) ?? 'medium';
  return (
    <>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className={cn(
          'ml-auto inline-flex h-10 items-center gap-1.5 rounded-md px-3 font-semibold text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          PRIORITY_STYLES[top].badge,
        )}
      >
        <Siren className="size-4" aria-hidden="true" />
        {countText(shown.length)}
      </button>
      {isOpen && (
        <section
          id={panelId}
          aria-label={countText(shown.length)}
          data-alert-bar=""
          className="absolute inset-x-0 top-full z-[60] max-h-[70svh] overflow-y-auto border-red-700/30 border-b bg-red-50 p-3 shadow-lg dark:bg-red-950"
        >
          <div className="mb-2 flex flex-wrap items-center gap-2">
            <Link href="/alerts" className="text-primary text-sm underline underline-offset-2">
              All alerts
            </Link>
            <SoundControl />
            <button
              type="button"
              onClick={() => setIsOpen(false)}
              aria-label="Close the alert list"
              className="ml-auto inline-flex size-9 items-center justify-center rounded-md hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-ring dark:hover:bg-red-900"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          <BarList shown={shown} mine={mine} nameOf={nameOf} canAcknowledge={canAcknowledge} />
        </section>
      )}
    </>
  );
}
