import { queryOptions, useQuery } from '@tanstack/react-query';
import { TimelineEntry } from '@vigil/domain';
import { z } from 'zod';
import { getJson } from '@/lib/api-client.ts';
import { timelineQueryKey } from './query-keys.ts';

export { timelineQueryKey } from './query-keys.ts';

/** GET /api/patients/{id}/timeline: admission, condition and vitals changes, notes, treatments done; newest first. */
export function getTimelineQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: timelineQueryKey(patientId),
    queryFn: async ({ signal }) =>
      z.array(TimelineEntry).parse(await getJson(`/api/patients/${patientId}/timeline`, signal)),
  });
}

export function useTimeline(patientId: number) {
  return useQuery(getTimelineQueryOptions(patientId));
}
