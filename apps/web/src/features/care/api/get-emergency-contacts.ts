import { queryOptions, useQuery } from '@tanstack/react-query';
import { EmergencyContact } from '@vigil/domain';
import { z } from 'zod';
import { getQueryFn } from '@/lib/api-client.ts';

export const emergencyContactsQueryKey = (patientId: number) =>
  ['/api/patients', patientId, 'emergency-contacts'] as const;

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/patients/{id}/emergency-contacts. */
export function getEmergencyContactsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: emergencyContactsQueryKey(patientId),
    queryFn: async (context) => z.array(EmergencyContact).parse(await fetchJson(context)),
  });
}

export function useEmergencyContacts(patientId: number) {
  return useQuery(getEmergencyContactsQueryOptions(patientId));
}
