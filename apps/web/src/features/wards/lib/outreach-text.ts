import {
  ALERT_CONDITION_LABELS,
  type AlertCondition,
  ESCALATION_LABELS,
  type OutreachPatient,
  type OutreachReason,
} from '@vigil/domain';

/** Why a patient is on the list, in the team's words (RCP Chart 4 and the trend it watches). */
export const OUTREACH_REASON_LABELS: Record<OutreachReason, string> = {
  'news2-7-or-more': 'NEWS2 7 or more',
  'news2-5-or-more': 'NEWS2 5 or more',
  'red-score': 'Red score',
  rising: 'Rising by 2 or more in 6 h',
};

/** A span of minutes as the round reads it: "12 min", "2 h 5 min". */
export function formatSpan(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The open alert's state: who it waits on, and for how long ("Escalated to doctor · 6 min ago"). */
export function alertStateText(alert: NonNullable<OutreachPatient['alert']>, nowMs: number): string {
  const state =
    alert.state === 'acknowledged'
      ? 'Acknowledged'
      : alert.escalatedTo
        ? (ESCALATION_LABELS[alert.escalatedTo] ?? `Escalated to ${alert.escalatedTo}`)
        : alert.state === 'pending'
          ? 'Confirming'
          : 'Not acknowledged';
  const since = Date.parse(alert.escalatedAt ?? alert.raisedAt);
  const verb = alert.escalatedAt ? 'escalated' : 'raised';
  const ago = nowMs - since < 60_000 ? 'just now' : `${formatSpan(nowMs - since)} ago`;
  return `${state} · ${verb} ${ago}`;
}

export const alertConditionText = (condition: string): string =>
  ALERT_CONDITION_LABELS[condition as AlertCondition] ?? condition;

/** The observation schedule: "Overdue 12 min" or "Due in 40 min". */
export function observationsText(dueAt: string, nowMs: number): { text: string; isOverdue: boolean } {
  const overdueByMs = nowMs - Date.parse(dueAt);
  return overdueByMs > 0
    ? { text: `Overdue ${formatSpan(overdueByMs)}`, isOverdue: true }
    : { text: `Due in ${formatSpan(-overdueByMs)}`, isOverdue: false };
}
