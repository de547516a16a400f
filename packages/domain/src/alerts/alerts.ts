import { z } from 'zod';
import type { Role } from '../auth/roles.ts';
import type { PatientNews2 } from '../clinical/patient-news2.ts';
import { NEWS2_CHART4 } from '../clinical/words.ts';
import { recordIdParam } from '../ids.ts';
import { isoDateTime } from '../time.ts';

/**
 * Alerts as records with a life (docs/decisions/021-alerts.md; docs/reference/clinical.md, "Alert
 * states and escalation"): raised, confirmed, acknowledged by someone, escalated when nobody does,
 * resolved with a cause. Priorities and their colours follow IEC 60601-1-8 practice; the clinical
 * conditions and responses follow RCP NEWS2 Chart 4.
 */

/** IEC 60601-1-8: high (immediate response, red), medium (prompt, yellow), low (awareness, cyan). */
export const ALERT_PRIORITIES = ['high', 'medium', 'low'] as const;
export type AlertPriority = (typeof ALERT_PRIORITIES)[number];
export const ALERT_PRIORITY_LABELS: Record<AlertPriority, string> = {
  high: 'High priority',
  medium: 'Medium priority',
  low: 'Low priority',
};
export const ALERT_PRIORITY_COLOURS: Record<AlertPriority, 'red' | 'yellow' | 'cyan'> = {
  high: 'red',
  medium: 'yellow',
  low: 'cyan',
};
export const PRIORITY_RANK: Record<AlertPriority, number> = { low: 0, medium: 1, high: 2 };

/** Physiological (NEWS2) alerts and technical ones (devices, data, the schedule), kept apart (IEC). */
export const ALERT_KINDS = ['clinical', 'technical'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The NEWS2 bands that raise an alert (RCP Chart 4), lowest first. */
export const CLINICAL_CONDITIONS = ['news2-low', 'news2-red', 'news2-urgent', 'news2-emergency'] as const;
export type ClinicalCondition = (typeof CLINICAL_CONDITIONS)[number];
export const TECHNICAL_CONDITIONS = [
  'device-lost',
  'bridge-silent',
  'wearable-reconnect',
  'observations-overdue',
] as const;
export type TechnicalCondition = (typeof TECHNICAL_CONDITIONS)[number];
export const ALERT_CONDITIONS = [...CLINICAL_CONDITIONS, ...TECHNICAL_CONDITIONS] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

export const ALERT_CONDITION_LABELS: Record<AlertCondition, string> = {
  'news2-low': 'NEWS2 1–4',
  'news2-red': 'NEWS2 red score',
  'news2-urgent': 'NEWS2 urgent (5–6)',
  'news2-emergency': 'NEWS2 emergency (7 or more)',
  'device-lost': 'Device lost',
  'bridge-silent': 'Bridge not reporting',
  'wearable-reconnect': 'WHOOP needs reconnecting',
  'observations-overdue': 'Observations overdue',
};

/**
 * What must happen for each condition: a clinical alert says its trigger level's RCP NEWS2 Chart 4
 * response (clinical/words.ts), as every screen does; technical alerts: our own.
 */
export const ALERT_RESPONSES: Record<AlertCondition, string> = {
  'news2-low': NEWS2_CHART4.low.response,
  'news2-red': NEWS2_CHART4.red.response,
  'news2-urgent': NEWS2_CHART4.urgent.response,
  'news2-emergency': NEWS2_CHART4.emergency.response,
  'device-lost': 'Check the device and its connection; until it reports again, take observations by hand.',
  'bridge-silent':
    'Check the Health Device Bridge and the devices it holds; take observations by hand meanwhile.',
  'wearable-reconnect':
    'Reconnect the patient’s WHOOP from the record (WHOOP refused the stored authorization).',
  'observations-overdue': 'Take a full set of observations, or record why not (a monitoring exception).',
};

const CLINICAL_PRIORITY: Record<ClinicalCondition, AlertPriority> = {
  'news2-low': 'low',
  'news2-red': 'medium',
  'news2-urgent': 'medium',
  'news2-emergency': 'high',
};

export const ALERT_STATES = ['pending', 'active', 'acknowledged', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];
/** How a clinical alert came to stand: a person's observation at once; a device's value confirmed. */
export const ALERT_CONFIRMATIONS = ['observation', 'second-reading', 'persisted'] as const;
export type AlertConfirmation = (typeof ALERT_CONFIRMATIONS)[number];

/** Who an unacknowledged alert escalates to, in order (after its deadline, then again). */
export const ESCALATION_CHAIN: readonly Role[] = ['ward_manager', 'doctor'];
/**
 * The conditions that, unacknowledged past the ward's chain, reach the critical-care outreach team
 * (RCP Chart 4: NEWS2 ≥ 7 calls for an emergency assessment by a critical-care team; a red score is
 * a single parameter at its extreme). Decision 035.
 */
export const OUTREACH_CONDITIONS: readonly AlertCondition[] = ['news2-emergency', 'news2-red'];
const OUTREACH_CHAIN: readonly Role[] = [...ESCALATION_CHAIN, 'outreach'];
/** Who an alert of this condition escalates to, in order: the ward's, then (NEWS2 ≥ 7, red) outreach. */
export const escalationChainOf = (condition: AlertCondition): readonly Role[] =>
  OUTREACH_CONDITIONS.includes(condition) ? OUTREACH_CHAIN : ESCALATION_CHAIN;
/** How long the doctor has, after the escalation to them, before outreach is called (a ward's setting). */
export const DEFAULT_OUTREACH_WITHIN_MS = 5 * 60_000;
export const ESCALATION_LABELS: Record<string, string> = {
  ward_manager: 'Escalated to ward manager',
  doctor: 'Escalated to doctor',
  outreach: 'Escalated to outreach team',
};

const isoDate = z.iso.datetime({ offset: true });

export const Alert = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  condition: z.enum(ALERT_CONDITIONS),
  /** The device link a technical alert is about; null otherwise. */
  subject: z.string().nullable(),
  priority: z.enum(ALERT_PRIORITIES),
  state: z.enum(ALERT_STATES),
  /** High priority latches: it stays until acknowledged even when its condition has ended (IEC 60601-1-8). */
  latched: z.boolean(),
  /** The value and the limit crossed: "NEWS2 9 · RR 27 ≥ 25". */
  message: z.string(),
  /** What must happen (RCP Chart 4 for clinical alerts). */
  response: z.string(),
  news2Total: z.number().int().nullable(),
  confirmation: z.enum(ALERT_CONFIRMATIONS).nullable(),
  raisedAt: isoDate,
  /** A device's value waiting to be confirmed (a second reading that agrees, or persisting). */
  pendingSince: isoDate.nullable(),
  confirmedAt: isoDate.nullable(),
  /** Acknowledge by: past it, the alert escalates. */
  deadlineAt: isoDate.nullable(),
  escalationLevel: z.number().int(),
  escalatedTo: z.string().nullable(),
  /** The people of the patient's ward (or the outreach team) the last escalation reached (decision 035). */
  escalatedToUsers: z.array(z.number().int()).nullable(),
  escalatedAt: isoDate.nullable(),
  acknowledgedAt: isoDate.nullable(),
  acknowledgedBy: z.number().int().nullable(),
  acknowledgedByName: z.string().nullable(),
  acknowledgeNote: z.string().nullable(),
  /** When its condition ended (a latched alert may still be active). */
  conditionEndedAt: isoDate.nullable(),
  resolvedAt: isoDate.nullable(),
  /** Why it ended: "NEWS2 fell to 3", "superseded by NEWS2 emergency", "device reporting again". */
  resolution: z.string().nullable(),
});
export type Alert = z.infer<typeof Alert>;

export const ALERT_STATE_FILTERS = ['open', 'active', 'acknowledged', 'resolved', 'all'] as const;
export const AlertsQuery = z.object({
  /** open = pending, active or acknowledged (default). */
  state: z
    .enum(ALERT_STATE_FILTERS, { error: `state must be one of ${ALERT_STATE_FILTERS.join(', ')}` })
    .default('open'),
  patientId: recordIdParam('patientId').optional(),
  priority: z
    .enum(ALERT_PRIORITIES, { error: `priority must be one of ${ALERT_PRIORITIES.join(', ')}` })
    .optional(),
  kind: z.enum(ALERT_KINDS, { error: `kind must be clinical or technical` }).optional(),
  since: isoDateTime('since').optional(),
  limit: z.coerce
    .number('limit must be a number: 1–500')
    .int('limit must be a whole number: 1–500')
    .min(1, 'limit must be within 1–500')
    .max(500, 'limit must be within 1–500')
    .default(200),
});
export type AlertsQuery = z.infer<typeof AlertsQuery>;

export const ACKNOWLEDGE_NOTE_MAX = 500;
export const AcknowledgeInput = z.object({
  note: z
    .string()
    .trim()
    .max(ACKNOWLEDGE_NOTE_MAX, `note must be at most ${ACKNOWLEDGE_NOTE_MAX} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullish(),
});

/** The ward's alert settings (a ward manager's): how long each priority may wait for acknowledgement. */
export const AlertSettings = z.object({
  acknowledgeWithinMs: z.object({
    high: z.number().int().min(60_000).max(3_600_000),
    medium: z
      .number()
      .int()
      .min(60_000)
      .max(6 * 3_600_000),
    low: z
      .number()
      .int()
      .min(60_000)
      .max(24 * 3_600_000),
  }),
  /** How long a device's value must persist before it raises a clinical alert without a second reading. */
  confirmDeviceAfterMs: z
    .number()
    .int()
    .min(0)
    .max(10 * 60_000),
  /**
   * After an alert of NEWS2 ≥ 7 or a red score reached the doctor, how long before the outreach
   * team is called (decision 035); DEFAULT_OUTREACH_WITHIN_MS when not set.
   */
  outreachWithinMs: z.number().int().min(60_000).max(3_600_000).optional(),
});
export type AlertSettings = z.infer<typeof AlertSettings>;
export const AlertSettingsInput = AlertSettings;

/**
 * Defaults (docs/reference/clinical.md: the chart gives no minutes for "urgent" and "immediately";
 * these are Vigil's, set per ward): high 5 min (the emergency response is immediate), medium 15 min
 * (an urgent review), low 60 min (a nurse's assessment). A device's value must persist 60 s unless a
 * second reading agrees (Philips IntelliVue Guardian re-measures before it notifies).
 */
export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  acknowledgeWithinMs: { high: 5 * 60_000, medium: 15 * 60_000, low: 60 * 60_000 },
  confirmDeviceAfterMs: 60_000,
};

/** Alarm fatigue, measured (per ward, over a window). */
export const AlertStats = z.object({
  from: isoDate,
  to: isoDate,
  alerts: z.number().int(),
  patientDays: z.number(),
  alertsPerPatientDay: z.number().nullable(),
  acknowledged: z.number().int(),
  acknowledgedWithinDeadlineShare: z.number().nullable(),
  medianTimeToAcknowledgeMs: z.number().nullable(),
  escalatedShare: z.number().nullable(),
});
export type AlertStats = z.infer<typeof AlertStats>;
export const AlertStatsQuery = z.object({ since: isoDateTime('since').optional() });

// ── the clinical condition of a NEWS2 ──────────────────────────────────────────────────────────

/** The clinical alert condition of a NEWS2 (RCP Chart 4); null at 0. */
export function clinicalConditionOf(
  news2: Pick<PatientNews2, 'total' | 'redScore'>,
): ClinicalCondition | null {
  if (news2.total >= 7) return 'news2-emergency';
  if (news2.total >= 5) return 'news2-urgent';
  if (news2.redScore) return 'news2-red';
  if (news2.total >= 1) return 'news2-low';
  return null;
}

export const conditionRank = (condition: ClinicalCondition | null): number =>
  condition === null ? -1 : CLINICAL_CONDITIONS.indexOf(condition);

export const priorityOf = (condition: AlertCondition): AlertPriority =>
  condition in CLINICAL_PRIORITY ? CLINICAL_PRIORITY[condition as ClinicalCondition] : 'low';

export const isClinical = (condition: AlertCondition): condition is ClinicalCondition =>
  (CLINICAL_CONDITIONS as readonly string[]).includes(condition);

/** High priority latches (IEC 60601-1-8: typically high latches, low does not). */
export const latches = (priority: AlertPriority) => priority === 'high';
