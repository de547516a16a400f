import type { Alert } from '@vigil/domain';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '@/lib/date-time.ts';
import { cn } from '@/lib/utils.ts';
import {
  alertStateText,
  conditionLabel,
  confirmationText,
  deadlineText,
  durationText,
  escalationText,
  PRIORITY_STYLES,
  timeToAcknowledgeMs,
} from '../lib/alert-display.ts';
import { AcknowledgeButton } from './acknowledge-button.tsx';
import { PriorityBadge } from './priority-badge.tsx';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-muted-foreground text-xs">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

/** One alert's life: raised, confirmed, deadline, escalations, acknowledgement (who, note), resolution. */
function AlertItem({
  alert,
  patientName,
  showPatient,
  canAcknowledge,
  now,
}: {
  alert: Alert;
  patientName: string;
  showPatient: boolean;
  canAcknowledge: boolean;
  now: number;
}) {
  const toAck = timeToAcknowledgeMs(alert);
  const escalation = escalationText(alert);
  const confirmation = confirmationText(alert);
  const deadline = deadlineText(alert, now);
  return (
    <li
      data-alert-id={alert.id}
      data-state={alert.state}
      className={cn(
        '@container rounded-lg border border-l-4 bg-card p-3 text-sm',
        PRIORITY_STYLES[alert.priority].edge,
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <PriorityBadge priority={alert.priority} />
        {showPatient && (
          <Link
            href={`/patient/${alert.patientId}`}
            className="font-semibold underline-offset-2 hover:underline"
          >
            {patientName}
          </Link>
        )}
        <span className="font-medium tabular-nums">{alert.message}</span>
        <span data-alert-state="" className="font-semibold">
          {alertStateText(alert)}
        </span>
        {canAcknowledge && alert.state === 'active' && (
          <span className="ml-auto">
            <AcknowledgeButton alert={alert} patientName={patientName} />
          </span>
        )}
      </div>
      <p className="mt-1 text-muted-foreground text-xs">
        {conditionLabel(alert)} · {alert.kind === 'clinical' ? 'Clinical' : 'Technical'} · {alert.response}
      </p>
      {/* Columns by the card's own width, not the window's: in the record's narrow column four
          columns broke "Acknowledged" mid-word. */}
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1.5 @md:grid-cols-2 @4xl:grid-cols-4">
        <Fact term="Raised">
          <When iso={alert.raisedAt} />
          {confirmation && <span className="text-muted-foreground"> · {confirmation}</span>}
        </Fact>
        <Fact term="Acknowledged">
          {alert.acknowledgedAt ? (
            <>
              <When iso={alert.acknowledgedAt} /> by {alert.acknowledgedByName ?? 'someone'}
              {toAck !== null && (
                <span className="text-muted-foreground"> · after {durationText(toAck)}</span>
              )}
              {alert.acknowledgeNote && <span className="block italic">“{alert.acknowledgeNote}”</span>}
            </>
          ) : (
            (deadline ?? 'Not acknowledged')
          )}
        </Fact>
        <Fact term="Escalation">
          {escalation && alert.escalatedAt ? (
            <>
              {escalation} at <When iso={alert.escalatedAt} />
            </>
          ) : (
            'None'
          )}
        </Fact>
        <Fact term="Resolved">
          {alert.resolvedAt ? (
            <>
              <When iso={alert.resolvedAt} />
              {alert.resolution && <span className="text-muted-foreground"> · {alert.resolution}</span>}
            </>
          ) : alert.conditionEndedAt ? (
            'Condition ended; latched until acknowledged'
          ) : (
            'Ongoing'
          )}
        </Fact>
      </dl>
    </li>
  );
}

/** Alerts, newest first, each with its whole life; an empty list says so. */
export function AlertList({
  alerts,
  nameOf,
  showPatient,
  canAcknowledge,
  now,
  label,
  emptyText,
}: {
  alerts: Alert[];
  nameOf: (patientId: number) => string;
  showPatient: boolean;
  canAcknowledge: boolean;
  now: number;
  label: string;
  emptyText: string;
}) {
  if (alerts.length === 0) return <p className="text-muted-foreground text-sm">{emptyText}</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label={label}>
      {alerts.map((alert) => (
        <AlertItem
          key={alert.id}
          alert={alert}
          patientName={nameOf(alert.patientId)}
          showPatient={showPatient}
          canAcknowledge={canAcknowledge}
          now={now}
        />
      ))}
    </ul>
  );
}
