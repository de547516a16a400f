import {
  ALERT_CONDITION_LABELS,
  type Alert,
  type HandoverDraft,
  type HandoverDraftAction,
  illnessSeverityOf,
  type Patient,
  type Shift,
  type Treatment,
  zonedClock,
  zonedDate,
} from '@vigil/domain';

/** What a draft starts from for one patient: their record, open alerts and treatments. */
export interface DraftFacts {
  patient: Patient;
  openAlerts: Alert[];
  treatments: Treatment[];
  lastSummary: string | undefined;
}

/** Alerts nobody has acknowledged yet: the receiver must act on them. */
const unacknowledged = (alerts: Alert[]) =>
  alerts.filter((a) => a.state === 'pending' || a.state === 'active');

/**
 * The outgoing nurse's draft for a patient: severity from NEWS2 and open alerts, the last
 * summary, and the actions the incoming shift inherits: observations due before it ends (or
 * overdue), unacknowledged alerts, and treatments not completed that fall in it or before.
 */
export function draftOf(facts: DraftFacts, into: Shift, now: Date, timeZone: string): HandoverDraft {
  const { patient, openAlerts, treatments } = facts;
  const at = (iso: string) => {
    const when = new Date(iso);
    const date = zonedDate(when, timeZone);
    const day = date === zonedDate(now, timeZone) ? '' : ` on ${date}`;
    return `${zonedClock(when, timeZone)}${day}`;
  };
  const actions: HandoverDraftAction[] = [];
  const due = new Date(patient.observations.dueAt);
  if (due < now) {
    actions.push({
      text: `Observations overdue since ${at(patient.observations.dueAt)}`,
      source: 'observation',
    });
  } else if (due < new Date(into.endsAt)) {
    actions.push({ text: `Observations due at ${at(patient.observations.dueAt)}`, source: 'observation' });
  }
  for (const alert of unacknowledged(openAlerts)) {
    actions.push({
      text: `Acknowledge alert: ${ALERT_CONDITION_LABELS[alert.condition]} (${alert.message})`,
      source: 'alert',
    });
  }
  for (const treatment of treatments) {
    if (treatment.completed || new Date(treatment.scheduledFor) >= new Date(into.endsAt)) continue;
    const when = new Date(treatment.scheduledFor) < now ? 'overdue since' : 'due';
    actions.push({
      text: `${treatment.description} (${when} ${at(treatment.scheduledFor)})`,
      source: 'treatment',
    });
  }
  return {
    patientId: patient.id,
    illnessSeverity: illnessSeverityOf(
      patient.news2.band,
      openAlerts.map((a) => a.priority),
    ),
    patientSummary: facts.lastSummary ?? '',
    actions,
    situation: '',
  };
}
