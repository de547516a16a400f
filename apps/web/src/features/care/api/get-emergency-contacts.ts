import { queryOptions, useQuery } from '@tanstack/react-query';
import { EmergencyContact } from '@vigil/domain';
import { z } from 'zod';
import { getJson } from '@/lib/api-client.ts';
import { emergencyContactsQueryKey } from './query-keys.ts';

/** GET /api/patients/{id}/emergency-contacts. */
export function getEmergencyContactsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: emergencyContactsQueryKey(patientId),
    queryFn: async ({ signal }) =>
      z.array(EmergencyContact).parse(await getJson(`/api/patients/${patientId}/emergency-contacts`, signal)),
  });
}

export function useEmergencyContacts(patientId: number) {
  return useQuery(getEmergencyContactsQueryOptions(patientId));
}
