import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { AuditEvent, type AuditQuery, AuditVerification } from '@vigil/domain';
import { z } from 'zod';
import { apiRequest, getJson } from '@/lib/api-client.ts';
import { auditQueryKeys } from './query-keys.ts';

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
    queryKey: auditQueryKeys.events(filter),
    queryFn: async ({ signal }) =>
      z.array(AuditEvent).parse(await getJson(`/api/audit-events${auditSearch(filter)}`, signal)),
    placeholderData: keepPreviousData,
  });
}

/**
 * The CSV export of a filter (the server records it in the trail). A POST with the filter as its
 * body: the server takes no export from a link another site could send the browser to.
 */
export async function exportAuditCsv(filter: AuditQuery): Promise<Blob> {
  const body = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
  return (await apiRequest('POST', '/api/audit-events/export', body)).blob();
}

export async function verifyAudit(): Promise<AuditVerification> {
  return AuditVerification.parse(await (await apiRequest('GET', '/api/audit-events/verify')).json());
}
