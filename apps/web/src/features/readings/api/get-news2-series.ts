import { queryOptions } from '@tanstack/react-query';
import { News2Point } from '@vigil/domain';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { news2SeriesQueryKey } from './query-keys.ts';
import { READINGS_WINDOW_MS } from './readings-window.ts';

export { news2SeriesQueryKey } from './query-keys.ts';

const News2Series = z.array(News2Point);

/**
 * GET /api/patients/{id}/news2-series: the NEWS2 the server gives each reading of the trend's window
 * that counts as the patient's state (oldest first). The trend chart and the readings table show these
 * scores; nothing is scored on this device. Refetched when a live reading arrives.
 */
export function getNews2SeriesQueryOptions(id: number) {
  return queryOptions({
    queryKey: news2SeriesQueryKey(id),
    queryFn: async ({ signal }) => {
      const since = new Date(Date.now() - READINGS_WINDOW_MS).toISOString();
      const url = `/api/patients/${id}/news2-series?since=${encodeURIComponent(since)}`;
      return News2Series.parse(await (await apiRequest('GET', url, undefined, { signal })).json());
    },
  });
}
