import { z } from 'zod';
import type { AlertPriority } from '../alerts/alerts.ts';
import type { News2Band } from '../clinical/words.ts';
import { recordId } from '../ids.ts';
import { StaffRef } from './layout.ts';
import { Shift } from './shift.ts';

/**
 * I-PASS handover (Starmer et al., NEJM 2014): Illness severity, Patient summary, Action
 * list, Situation awareness and contingency, Synthesis by the receiver, who accepts the patient.
 */

const isoDate = z.iso.datetime({ offset: true });

export const ILLNESS_SEVERITIES = ['stable', 'watcher', 'unstable'] as const;
export const IllnessSeverity = z.enum(ILLNESS_SEVERITIES, {
  error: `illnessSeverity must be one of ${ILLNESS_SEVERITIES.join(', ')}`,
});
export type IllnessSeverity = z.infer<typeof IllnessSeverity>;

/**
 * The severity a draft starts from: NEWS2 7 or more (RCP emergency response) or a high-priority
 * alert → unstable; NEWS2 5–6 or a red score (urgent response), or any open alert → watcher; else
 * stable. The nurse may change it.
 */
export function illnessSeverityOf(
  news2Band: News2Band,
  openAlertPriorities: AlertPriority[],
): IllnessSeverity {
  if (news2Band === 'high' || openAlertPriorities.includes('high')) return 'unstable';
  if (news2Band === 'medium' || news2Band === 'low-medium' || openAlertPriorities.length > 0)
    return 'watcher';
  return 'stable';
}

export const HANDOVER_ACTION_SOURCES = ['observation', 'alert', 'treatment'] as const;
export const HandoverDraftAction = z.object({ text: z.string(), source: z.enum(HANDOVER_ACTION_SOURCES) });
export type HandoverDraftAction = z.infer<typeof HandoverDraftAction>;

/** What the server fills in for the outgoing nurse; nothing is stored until it is given. */
export const HandoverDraft = z.object({
  patientId: z.number().int(),
  illnessSeverity: IllnessSeverity,
  /** The last handover's summary, or empty. */
  patientSummary: z.string(),
  actions: z.array(HandoverDraftAction),
  situation: z.string(),
});
export type HandoverDraft = z.infer<typeof HandoverDraft>;

export const HANDOVER_STATUSES = ['given', 'accepted'] as const;

export const Handover = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  /** The shift the patient is handed over into. */
  shiftKey: z.string(),
  illnessSeverity: IllnessSeverity,
  patientSummary: z.string(),
  actions: z.array(z.string()),
  /** Situation awareness and contingency: "if … then …". */
  situation: z.string(),
  givenBy: StaffRef,
  givenAt: isoDate,
  /** The receiver the giver named; null: whoever is assigned the patient. */
  toNurse: StaffRef.nullable(),
  status: z.enum(HANDOVER_STATUSES),
  synthesis: z.string().nullable(),
  acceptedBy: StaffRef.nullable(),
  acceptedAt: isoDate.nullable(),
  /** When the handover window of the shift it is given into ends: not accepted by then, it is flagged. */
  handoverEndsAt: isoDate,
  /** Not accepted when the shift's handover window ended. */
  flagged: z.boolean(),
});
export type Handover = z.infer<typeof Handover>;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} must not be empty`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-GB')} characters`);
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-GB')} characters`)
    .default('');

/** POST /api/handovers: the outgoing nurse gives a patient's handover. */
export const HandoverInput = z.object({
  patientId: recordId('patientId'),
  illnessSeverity: IllnessSeverity,
  patientSummary: text('Patient summary', 4000),
  actions: z
    .array(text('Each action', 500), { error: 'actions must be a list of text' })
    .max(30, 'At most 30 actions'),
  situation: optionalText('Situation awareness', 2000),
  /** Hand over to one nurse; left out, to whoever is assigned the patient next. */
  toNurseId: recordId('toNurseId').nullish(),
});
export type HandoverInput = z.infer<typeof HandoverInput>;

/** POST /api/handovers/:id/accept: the receiver's synthesis, in their own words. */
export const HandoverAcceptInput = z.object({ synthesis: text('Synthesis', 2000) });
export type HandoverAcceptInput = z.infer<typeof HandoverAcceptInput>;

/**
 * GET /api/handover: the shift being handed over to, the caller's patients to hand over (drafts),
 * and the handovers waiting for the caller's acceptance.
 */
export const HandoverOverview = z.object({
  shift: Shift,
  outgoing: z.array(HandoverDraft),
  incoming: z.array(Handover),
});
export type HandoverOverview = z.infer<typeof HandoverOverview>;
