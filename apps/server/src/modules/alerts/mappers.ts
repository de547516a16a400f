import type { Alert } from '@vigil/domain';
import type { AlertView } from './repository.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

// Row → wire shape: dates become ISO strings; the empty subject of a clinical alert becomes null.
export const toAlert = (r: AlertView): Alert => ({
  id: r.id,
  patientId: r.patientId,
  kind: r.kind,
  condition: r.condition,
  subject: r.subject === '' ? null : r.subject,
  priority: r.priority,
  state: r.state,
  latched: r.latched,
  message: r.message,
  response: r.response,
  news2Total: r.news2Total,
  confirmation: r.confirmation,
  raisedAt: r.raisedAt.toISOString(),
  pendingSince: iso(r.pendingSince),
  confirmedAt: iso(r.confirmedAt),
  deadlineAt: iso(r.deadlineAt),
  escalationLevel: r.escalationLevel,
  escalatedTo: r.escalatedTo,
  escalatedToUsers: r.escalatedToUsers ?? null,
  escalatedAt: iso(r.escalatedAt),
  acknowledgedAt: iso(r.acknowledgedAt),
  acknowledgedBy: r.acknowledgedBy,
  acknowledgedByName: r.acknowledgedByName,
  acknowledgeNote: r.acknowledgeNote,
  conditionEndedAt: iso(r.conditionEndedAt),
  resolvedAt: iso(r.resolvedAt),
  resolution: r.resolution,
});
