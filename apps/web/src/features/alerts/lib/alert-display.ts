import {
  ALERT_CONDITION_LABELS,
  ALERT_PRIORITY_LABELS,
  type Alert,
  type AlertPriority,
  ESCALATION_LABELS,
} from '@vigil/domain';

/**
 * How an alert reads on screen (docs/reference/clinical.md, "Alarm conventions"): the IEC
 * 60601-1-8 priority by name and colour (high red, medium yellow, low cyan), its age, its state in
 * words. Pure, so the bar, the alerts page and the record say the same thing.
 */

/** Text and background pairs at 4.5:1 or better, light and dark, per IEC colour. */
export const PRIORITY_STYLES: Record<AlertPriority, { badge: string; edge: string }> = {
  high: {
    badge: 'border-transparent bg-red-700 text-white dark:bg-red-600',
    edge: 'border-l-red-600',
  },
  medium: {
    badge: 'border-transparent bg-yellow-300 text-yellow-950 dark:bg-yellow-400',
    edge: 'border-l-yellow-400',
  },
  low: {
    badge: 'border-transparent bg-cyan-200 text-cyan-950 dark:bg-cyan-300',
    edge: 'border-l-cyan-400',
  },
};

export const priorityLabel = (priority: AlertPriority) => ALERT_PRIORITY_LABELS[priority];
export const conditionLabel = (alert: Pick<Alert, 'condition'>) => ALERT_CONDITION_LABELS[alert.condition];

const PRIORITY_ORDER: Record<AlertPriority, number> = { high: 0, medium: 1, low: 2 };

const NOBODY: ReadonlySet<number> = new Set();

/**
 * The alert bar's alerts: active (confirmed, not yet acknowledged) high and medium ones. Those of
 * the patients assigned to the person this shift (`mine`) come first; then highest priority first,
 * then the oldest first (the one waiting longest).
 */
export function barAlerts(alerts: readonly Alert[], mine: ReadonlySet<number> = NOBODY): Alert[] {
  return mineFirst(
    alerts
      .filter((a) => a.state === 'active' && (a.priority === 'high' || a.priority === 'medium'))
      .sort(
        (a, b) =>
          PRIORITY_ORDER[a.priority] - PRIORITY_ORDER[b.priority] ||
          Date.parse(activeSince(a)) - Date.parse(activeSince(b)),
      ),
    mine,
  );
}

/** The same items, those of the person's own patients first, each group in its order. */
export function mineFirst<T extends { patientId: number }>(
  items: readonly T[],
  mine: ReadonlySet<number>,
): T[] {
  if (mine.size === 0) return [...items];
  return [...items.filter((i) => mine.has(i.patientId)), ...items.filter((i) => !mine.has(i.patientId))];
}

/** The highest priority among the alerts (they may be ordered by patient first). */
export function highestPriority(alerts: readonly Pick<Alert, 'priority'>[]): AlertPriority | null {
  let top: AlertPriority | null = null;
  for (const { priority } of alerts)
    if (top === null || PRIORITY_ORDER[priority] < PRIORITY_ORDER[top]) top = priority;
  return top;
}

/** When the alert began to stand: a device's value once confirmed, otherwise when it was raised. */
export const activeSince = (alert: Pick<Alert, 'raisedAt' | 'confirmedAt'>) =>
  alert.confirmedAt ?? alert.raisedAt;

/** "just now", "4 min", "1 h 12 min", "2 days": how long an alert has stood. */
export function durationText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  return `${Math.floor(hours / 24)} days`;
}

/** "Raised 4 min ago", "Raised just now". */
export function alertAgeText(alert: Pick<Alert, 'raisedAt' | 'confirmedAt'>, nowMs: number): string {
  const ms = nowMs - Date.parse(activeSince(alert));
  return ms < 60_000 ? 'Raised just now' : `Raised ${durationText(ms)} ago`;
}

/** The state in words: "Escalated to ward manager" wins over "Active" while unacknowledged. */
export function alertStateText(alert: Alert): string {
  switch (alert.state) {
    case 'pending':
      return 'Awaiting confirmation';
    case 'active':
      if (alert.escalatedTo)
        return ESCALATION_LABELS[alert.escalatedTo] ?? `Escalated to ${alert.escalatedTo}`;
      return alert.latched && alert.conditionEndedAt ? 'Active (latched)' : 'Active';
    case 'acknowledged':
      return 'Acknowledged';
    case 'resolved':
      return 'Resolved';
  }
}

/** "Escalated to ward manager", then "Escalated to doctor", or null when it never escalated. */
export function escalationText(alert: Pick<Alert, 'escalatedTo'>): string | null {
  if (!alert.escalatedTo) return null;
  return ESCALATION_LABELS[alert.escalatedTo] ?? `Escalated to ${alert.escalatedTo}`;
}

/** How a clinical alert came to stand ("Confirmed by a second reading"), or null. */
export function confirmationText(alert: Pick<Alert, 'confirmation'>): string | null {
  switch (alert.confirmation) {
    case 'observation':
      return "A nurse's observation";
    case 'second-reading':
      return 'Confirmed by a second reading';
    case 'persisted':
      return 'Confirmed: the value persisted';
    default:
      return null;
  }
}

/** Time from standing to acknowledgement, "4 min", or null when not acknowledged. */
export function timeToAcknowledgeMs(alert: Pick<Alert, 'raisedAt' | 'confirmedAt' | 'acknowledgedAt'>) {
  if (!alert.acknowledgedAt) return null;
  return Math.max(0, Date.parse(alert.acknowledgedAt) - Date.parse(activeSince(alert)));
}

/** "Due in 3 min" / "Overdue 2 min" against the deadline, or null without one (not while pending). */
export function deadlineText(alert: Pick<Alert, 'state' | 'deadlineAt'>, nowMs: number): string | null {
  if (alert.state !== 'active' || !alert.deadlineAt) return null;
  const ms = Date.parse(alert.deadlineAt) - nowMs;
  return ms >= 0
    ? `Acknowledge within ${durationText(ms + 59_999)}`
    : `Past deadline by ${durationText(-ms)}`;
}

/** A share 0–1 as "83 %", or "—" when there is nothing to divide. */
export function shareText(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)} %`;
}

/**
 * The spec's "<level> Alert" toast, kept once as the announcement of a newly raised alert: a high
 * priority alert is the CRITICAL level, a medium one the URGENT level (domain alertLevel: NEWS2 ≥ 7
 * CRITICAL, 5–6 or a red score URGENT).
 */
export function announcementTitle(priority: AlertPriority): string | null {
  if (priority === 'high') return 'CRITICAL Alert';
  if (priority === 'medium') return 'URGENT Alert';
  return null;
}

/** Rows the alert bar shows before "+N more" (a bar taller than this hides the page it leads). */
export const BAR_MAX_ROWS = 5;

/** The bar's rows and how many more open alerts the alerts page lists beyond them. */
export function barRows<T>(shown: readonly T[], max = BAR_MAX_ROWS): { rows: T[]; more: number } {
  return { rows: shown.slice(0, max), more: Math.max(0, shown.length - max) };
}
