import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { AuditEvent, type AuditQuery, AuditVerification } from '@vigil/domain';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

/** The query string of a filter (empty values left out). */
export function auditSearch(filter: AuditQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/audit-events: the trail, newest first, filtered. */
export function getAuditEventsQueryOptions(filter: AuditQuery) {
  return queryOptions({
    queryKey: ['/api/audit-events', filter] as const,
    queryFn: async ({ signal }) =>
      z
        .array(AuditEvent)
        .parse(
          await (
            await apiRequest('GET', `/api/audit-events${auditSearch(filter)}`, undefined, { signal })
          ).json(),
        ),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export of a filter (a download; the server records it in the trail). */
export const auditExportUrl = (filter: AuditQuery) => `/api/audit-events/export${auditSearch(filter)}`;

export async function verifyAudit(): Promise<AuditVerification> {
  return AuditVerification.parse(await (await apiRequest('GET', '/api/audit-events/verify')).json());
}
