import type { Role } from '../auth/roles.ts';
import {
  ALERT_CONDITION_LABELS,
  ALERT_PRIORITIES,
  type Alert,
  type AlertCondition,
  type AlertConfirmation,
  type AlertPriority,
  type AlertSettings,
  type ClinicalCondition,
  conditionRank,
  DEFAULT_OUTREACH_WITHIN_MS,
  escalationChainOf,
  PRIORITY_RANK,
  priorityOf,
  type TechnicalCondition,
} from './alerts.ts';

// The alert state machine (docs/decisions/021-alerts.md): pure, given the time; the server records
// each transition it decides (row, audit, live event).

/** What the machine needs of an open alert. */
export type OpenAlert = Pick<
  Alert,
  | 'condition'
  | 'priority'
  | 'state'
  | 'latched'
  | 'pendingSince'
  | 'deadlineAt'
  | 'escalationLevel'
  | 'conditionEndedAt'
>;

/** A change to make, decided by the machine; the server records it (row, audit, live event). */
export type AlertTransition =
  | {
      type: 'raise';
      condition: AlertCondition;
      priority: AlertPriority;
      state: 'pending' | 'active';
      confirmation: AlertConfirmation | null;
      deadlineAt: Date | null;
    }
  | { type: 'confirm'; confirmation: AlertConfirmation; deadlineAt: Date }
  | { type: 'update' }
  | { type: 'condition-ended' }
  | { type: 'condition-resumed' }
  | { type: 'resolve'; cause: string }
  | { type: 'escalate'; level: number; to: Role; priority: AlertPriority; deadlineAt: Date }
  | { type: 'acknowledge'; resolves: boolean };

const deadline = (priority: AlertPriority, now: Date, settings: AlertSettings) =>
  new Date(now.getTime() + settings.acknowledgeWithinMs[priority]);

/** Where a change to the score came from: a person's observation raises at once; a device's is confirmed first. */
export type ScoreTrigger = 'observation' | 'device';

/**
 * The clinical alert's next step when a patient's score changes (`after`; null condition at 0).
 * - A rise into a band raises its alert (at once for a person's observation; pending for a device's
 *   value) and supersedes a lower open one: one alert per ongoing condition.
 * - The same band keeps the alert (its message is updated); a device's further reading that agrees
 *   confirms a pending one.
 * - A fall ends the condition: the alert resolves, unless it latches (high priority, not yet
 *   acknowledged), which then stays until acknowledged. Where the score fell to still needs a
 *   response of its own (a red score, NEWS2 5–6: {@link keepsItsOwnAlert}), that alert replaces it,
 *   and the resolution says so; a fall to 1–4 raises none (the observation schedule follows it).
 * Returns the transitions for the open alert first, then a new alert's.
 */
export function onScoreChange(
  open: OpenAlert | null,
  after: ClinicalCondition | null,
  trigger: ScoreTrigger,
  now: Date,
  settings: AlertSettings,
): AlertTransition[] {
  const raise = (condition: ClinicalCondition): AlertTransition => {
    const priority = priorityOf(condition);
    return trigger === 'observation'
      ? {
          type: 'raise',
          condition,
          priority,
          state: 'active',
          confirmation: 'observation',
          deadlineAt: deadline(priority, now, settings),
        }
      : { type: 'raise', condition, priority, state: 'pending', confirmation: null, deadlineAt: null };
  };
  if (!open) return after ? [raise(after)] : [];
  const openRank = conditionRank(open.condition as ClinicalCondition);
  const rank = conditionRank(after);
  if (rank > openRank) {
    return [{ type: 'resolve', cause: `superseded by ${ALERT_CONDITION_LABELS[after!]}` }, raise(after!)];
  }
  if (rank === openRank) {
    if (open.state === 'pending') {
      // A second reading that agrees, or a person's observation, confirms a device's value.
      const confirmation = trigger === 'device' ? 'second-reading' : 'observation';
      return [{ type: 'confirm', confirmation, deadlineAt: deadline(open.priority, now, settings) }];
    }
    return open.conditionEndedAt ? [{ type: 'condition-resumed' }] : [{ type: 'update' }];
  }
  // The score fell below the alert's band.
  const replacement = after !== null && keepsItsOwnAlert(after) ? after : null;
  if (open.state === 'pending') {
    const unconfirmed: AlertTransition = {
      type: 'resolve',
      cause: 'not confirmed: the value did not persist',
    };
    return replacement ? [unconfirmed, raise(replacement)] : [unconfirmed];
  }
  // A latched alert stays until acknowledged; its acknowledgement raises the lower one's then.
  if (open.latched && open.state === 'active')
    return open.conditionEndedAt ? [] : [{ type: 'condition-ended' }];
  if (replacement) {
    const label = ALERT_CONDITION_LABELS[replacement];
    return [
      { type: 'resolve', cause: `NEWS2 fell to ${label}: its own alert replaces this one` },
      raise(replacement),
    ];
  }
  return [
    {
      type: 'resolve',
      cause: after === null ? 'NEWS2 fell to 0' : `NEWS2 fell to ${ALERT_CONDITION_LABELS[after]}`,
    },
  ];
}

/**
 * Whether a condition a score fell to needs an alert of its own (RCP Chart 4): a red score (an
 * urgent ward-based response) and NEWS2 5–6 (an urgent response) do; 1–4 is the nurse's own
 * assessment, which the observation schedule carries.
 */
export function keepsItsOwnAlert(condition: ClinicalCondition): boolean {
  return condition === 'news2-red' || condition === 'news2-urgent';
}

/**
 * The timed step of an open alert at `now`: a pending device alert whose condition persisted for
 * `confirmDeviceAfterMs` is confirmed (still in its band: `stillInCondition`); an active alert past
 * its deadline escalates along its chain ({@link escalationChainOf}: ward manager, doctor, then for
 * NEWS2 ≥ 7 or a red score the outreach team), its priority rising one step (never above high),
 * with a new deadline. Nothing otherwise.
 */
export function onTick(
  open: OpenAlert,
  stillInCondition: boolean,
  now: Date,
  settings: AlertSettings,
): AlertTransition[] {
  if (open.state === 'pending') {
    if (!stillInCondition) return [{ type: 'resolve', cause: 'not confirmed: the value did not persist' }];
    const since = open.pendingSince ? Date.parse(open.pendingSince) : now.getTime();
    return now.getTime() - since >= settings.confirmDeviceAfterMs
      ? [{ type: 'confirm', confirmation: 'persisted', deadlineAt: deadline(open.priority, now, settings) }]
      : [];
  }
  if (open.state !== 'active' || !open.deadlineAt || Date.parse(open.deadlineAt) > now.getTime()) return [];
  const chain = escalationChainOf(open.condition);
  const to = chain[open.escalationLevel];
  if (!to) return [];
  const priority = ALERT_PRIORITIES.find(
    (p) => PRIORITY_RANK[p] === Math.min(2, PRIORITY_RANK[open.priority] + 1),
  )!;
  // The step before the outreach team waits the ward's own outreach deadline (decision 035).
  const nextIsOutreach = chain[open.escalationLevel + 1] === 'outreach';
  return [
    {
      type: 'escalate',
      level: open.escalationLevel + 1,
      to,
      priority,
      deadlineAt: nextIsOutreach
        ? new Date(now.getTime() + (settings.outreachWithinMs ?? DEFAULT_OUTREACH_WITHIN_MS))
        : deadline(priority, now, settings),
    },
  ];
}

/** A technical alert raised now (low priority, active at once: data that stops is itself an alarm). */
export function raiseTechnical(
  condition: TechnicalCondition,
  now: Date,
  settings: AlertSettings,
): AlertTransition {
  return {
    type: 'raise',
    condition,
    priority: 'low',
    state: 'active',
    confirmation: null,
    deadlineAt: deadline('low', now, settings),
  };
}

/**
 * A person acknowledges an alert (active, or still pending confirmation): it is acknowledged, and
 * resolves at once when its condition has already ended (a latched alert).
 */
export function acknowledgeAlert(open: OpenAlert): AlertTransition[] | null {
  if (open.state !== 'active' && open.state !== 'pending') return null;
  return [{ type: 'acknowledge', resolves: open.conditionEndedAt !== null }];
}

export const ALERT_NOT_OPEN_MESSAGE =
  'This alert is no longer waiting for acknowledgement (it was acknowledged or has ended)';
