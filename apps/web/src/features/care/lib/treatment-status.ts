import type { Treatment } from '@vigil/domain';

export type TreatmentStatus = 'completed' | 'past-due' | 'scheduled';

/**
 * Spec point 4, "Treatment display": completed; past due when scheduled before now and not
 * completed; otherwise scheduled. `now` is injected so the rule is testable (style.md habit 5).
 */
export function treatmentStatus(
  treatment: Pick<Treatment, 'completed' | 'scheduledFor'>,
  now: Date,
): TreatmentStatus {
  if (treatment.completed) return 'completed';
  return new Date(treatment.scheduledFor).getTime() < now.getTime() ? 'past-due' : 'scheduled';
}

export const TREATMENT_STATUS_LABEL: Record<TreatmentStatus, string> = {
  completed: 'Completed',
  'past-due': 'Past Due',
  scheduled: 'Scheduled',
};

/** Spec point 4: the toast title after a toggle. */
export function treatmentToggleToastTitle(completed: boolean): string {
  return completed ? 'Treatment marked as complete' : 'Treatment marked as incomplete';
}

export const TREATMENT_TOGGLE_TOAST_DESCRIPTION = 'The treatment status has been updated successfully.';
