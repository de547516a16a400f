import { z } from 'zod';
import { CONTINUOUS_STALE_AFTER_MS, type PatientNews2, type StoredNews2 } from '../clinical/patient-news2.ts';
import { isoDateTime } from '../time.ts';

/**
 * The observation schedule (RCP NEWS2 Chart 4, docs/reference/clinical.md): the score sets the
 * minimum frequency of a full set of observations; the next set is due that long after the oldest
 * value the score stands on (a full set needs every parameter). NEWS2 0 → 12 h; 1–4 → 4 h (the
 * chart's "4–6 hourly", its shorter end); a red score or 5–6 → hourly; 7 or more → continuous
 * monitoring, where a full set is due every 15 minutes. A monitoring exception recorded by a nurse
 * (patient declined, asleep, end-of-life care) defers the schedule until its review time, as the
 * RCP allows a clinical decision to change the frequency.
 */

const HOUR_MS = 3_600_000;

/** How often a full set of observations is due for a score. */
export function observationIntervalMs(news2: Pick<PatientNews2, 'monitoring'>): number {
  return news2.monitoring.isContinuous
    ? CONTINUOUS_STALE_AFTER_MS
    : news2.monitoring.intervalHoursMin * HOUR_MS;
}

export const MONITORING_EXCEPTION_REASONS = ['declined', 'asleep', 'end-of-life', 'other'] as const;
export type MonitoringExceptionReason = (typeof MONITORING_EXCEPTION_REASONS)[number];
export const MONITORING_EXCEPTION_LABELS: Record<MonitoringExceptionReason, string> = {
  declined: 'Patient declined',
  asleep: 'Patient asleep',
  'end-of-life': 'End-of-life care',
  other: 'Other clinical reason',
};
/** The longest an exception may run before it must be reviewed. */
export const MONITORING_EXCEPTION_MAX_MS = 7 * 24 * HOUR_MS;

const isoDate = z.iso.datetime({ offset: true });

export const MonitoringException = z.object({
  reason: z.enum(MONITORING_EXCEPTION_REASONS),
  note: z.string(),
  reviewAt: isoDate,
  recordedAt: isoDate,
  recordedBy: z.number().int().nullable(),
});
export type MonitoringException = z.infer<typeof MonitoringException>;

export const MonitoringExceptionInput = z.object({
  reason: z.enum(MONITORING_EXCEPTION_REASONS, {
    error: `reason must be one of ${MONITORING_EXCEPTION_REASONS.join(', ')}`,
  }),
  note: z
    .string({ error: 'note is required: why observations are not taken' })
    .trim()
    .min(1, 'note must say why observations are not taken')
    .max(500, 'note must be at most 500 characters'),
  reviewAt: isoDateTime('reviewAt'),
});
export type MonitoringExceptionInput = z.infer<typeof MonitoringExceptionInput>;

/** The observation schedule a patient carries. */
export const ObservationSchedule = z.object({
  /** When the next full set is due. */
  dueAt: isoDate,
  intervalMs: z.number().int(),
  /** An exception in force (until its review time), or null. */
  exception: MonitoringException.nullable(),
});
export type ObservationSchedule = z.infer<typeof ObservationSchedule>;

/**
 * When the next full set is due: the oldest value the score stands on (the admission for a
 * parameter never recorded) plus the score's interval; not before an exception's review time while
 * it is in force.
 */
export function nextObservationDue(
  news2: Pick<StoredNews2, 'monitoring' | 'parameters'>,
  admittedAt: Date,
  exception: MonitoringException | null,
  nowMs: number,
): { dueAt: Date; intervalMs: number; exception: MonitoringException | null } {
  const intervalMs = observationIntervalMs(news2);
  const times = news2.parameters.map((p) => (p.at ? Date.parse(p.at) : admittedAt.getTime()));
  let due = Math.min(...times) + intervalMs;
  const inForce = exception && Date.parse(exception.reviewAt) > nowMs ? exception : null;
  if (inForce) due = Math.max(due, Date.parse(inForce.reviewAt));
  return { dueAt: new Date(due), intervalMs, exception: inForce };
}

/**
 * Whether observations due at `dueAtMs` are overdue at `nowMs`: from the due moment on. The one
 * definition: the server's overdue alert and every screen's "Overdue" use it (and its SQL twin,
 * `next_observation_due <= now`).
 */
export function isObservationOverdue(dueAtMs: number, nowMs: number): boolean {
  return nowMs >= dueAtMs;
}

/**
 * "Obs due in 23 min" (minutes left, rounded up: never "in 0 min"), "Overdue 12 min" (minutes
 * late, rounded down), "Overdue now" in its first minute, "Obs due in 3 h 10 min". Overdue exactly
 * when {@link isObservationOverdue} says so, so every screen turns at the same moment.
 */
export function observationDueText(dueAtMs: number, nowMs: number): string {
  const span = (m: number) =>
    m < 60 ? `${m} min` : `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
  if (!isObservationOverdue(dueAtMs, nowMs))
    return `Obs due in ${span(Math.ceil((dueAtMs - nowMs) / 60_000))}`;
  const late = Math.floor((nowMs - dueAtMs) / 60_000);
  return late < 1 ? 'Overdue now' : `Overdue ${span(late)}`;
}
