import { queryOptions, useQuery } from '@tanstack/react-query';
import { TimelineEntry } from '@vigil/domain';
import { z } from 'zod';
import { getQueryFn } from '@/lib/api-client.ts';
import { timelineQueryKey } from './query-keys.ts';

export { timelineQueryKey } from './query-keys.ts';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/patients/{id}/timeline: admission, condition and vitals changes, notes, treatments done; newest first. */
export function getTimelineQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: timelineQueryKey(patientId),
    queryFn: async (context) => z.array(TimelineEntry).parse(await fetchJson(context)),
  });
}

export function useTimeline(patientId: number) {
  return useQuery(getTimelineQueryOptions(patientId));
}
