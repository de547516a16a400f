import { queryOptions } from '@tanstack/react-query';
import { News2Point } from '@vigil/domain';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

/** The board's trend arrow compares the server's NEWS2 over this window. */
export const TREND_WINDOW_H = 6;
const REFRESH_MS = 60_000;

/**
 * The server's NEWS2 along the last hours of a bed's patient. Not under the record's series key:
 * a device sending every second would otherwise refetch every bed's series as often; a minute is
 * fine for an arrow, while the NEWS2 figure itself comes live with the patient.
 */
export function getBedNews2TrendQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: ['ward', 'news2-trend', patientId] as const,
    queryFn: async ({ signal }) => {
      const since = encodeURIComponent(new Date(Date.now() - TREND_WINDOW_H * 3_600_000).toISOString());
      const url = `/api/patients/${patientId}/news2-series?since=${since}`;
      return z.array(News2Point).parse(await (await apiRequest('GET', url, undefined, { signal })).json());
    },
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });
}
