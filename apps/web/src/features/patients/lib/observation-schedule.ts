import {
  isObservationOverdue,
  MONITORING_EXCEPTION_LABELS,
  observationDueText,
  type Patient,
} from '@vigil/domain';

export interface ObservationDue {
  /** "Obs due in 23 min" or "Overdue 12 min" (the domain's words, decision 021). */
  text: string;
  isOverdue: boolean;
  /** "Patient asleep" while a monitoring exception defers the schedule. */
  exceptionLabel: string | null;
}

/** The patient's next full set of observations, from the schedule the server keeps on the patient. */
export function observationDue(patient: Pick<Patient, 'observations'>, nowMs: number): ObservationDue {
  const dueMs = Date.parse(patient.observations.dueAt);
  const exception = patient.observations.exception;
  const inForce = exception && Date.parse(exception.reviewAt) > nowMs ? exception : null;
  return {
    text: observationDueText(dueMs, nowMs),
    isOverdue: isObservationOverdue(dueMs, nowMs),
    exceptionLabel: inForce ? MONITORING_EXCEPTION_LABELS[inForce.reason] : null,
  };
}
