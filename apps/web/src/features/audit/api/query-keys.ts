import type { AuditQuery } from '@vigil/domain';

/** The audit trail's queries by meaning: a page of the trail per filter. */
export const auditQueryKeys = {
  events: (filter: AuditQuery) => ['audit', 'events', filter] as const,
};
