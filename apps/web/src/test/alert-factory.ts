import { type Alert, NEWS2_CHART4 } from '@vigil/domain';

/** An alert as the server answers it: a high clinical alert raised by a nurse's observation, active. */
export function makeAlert(over: Partial<Alert> = {}): Alert {
  const raisedAt = over.raisedAt ?? '2026-11-25T03:00:00.000Z';
  return {
    id: 1,
    patientId: 7,
    kind: 'clinical',
    condition: 'news2-emergency',
    subject: null,
    priority: 'high',
    state: 'active',
    latched: true,
    message: 'NEWS2 9 · RR 27 ≥ 25',
    response: NEWS2_CHART4.emergency.response,
    news2Total: 9,
    confirmation: 'observation',
    raisedAt,
    pendingSince: null,
    confirmedAt: raisedAt,
    deadlineAt: new Date(Date.parse(raisedAt) + 5 * 60_000).toISOString(),
    escalationLevel: 0,
    escalatedTo: null,
    escalatedToUsers: null,
    escalatedAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    acknowledgedByName: null,
    acknowledgeNote: null,
    conditionEndedAt: null,
    resolvedAt: null,
    resolution: null,
    ...over,
  };
}
