import { queryOptions } from '@tanstack/react-query';
import { News2Point, ReadingsPage, type VitalReading } from '@vigil/domain';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { news2SeriesQueryKey } from './get-news2-series.ts';

/** A chart of a patient streaming from a device could hold many readings: pages of the API's maximum. */
const PAGE_LIMIT = 1000;
const MAX_PAGES = 20;
const News2Series = z.array(News2Point);

/**
 * The readings and the server's NEWS2 of the observation chart's window. Keyed under the NEWS2
 * series, so a live reading of the patient refreshes an open chart as it refreshes the trend.
 */
export function getChartDataQueryOptions(id: number, hours: number) {
  return queryOptions({
    queryKey: [...news2SeriesQueryKey(id), 'chart', hours] as const,
    queryFn: async ({ signal }) => {
      const since = encodeURIComponent(new Date(Date.now() - hours * 3_600_000).toISOString());
      const seriesAnswer = apiRequest('GET', `/api/patients/${id}/news2-series?since=${since}`, undefined, {
        signal,
      });
      const readings: VitalReading[] = [];
      let before: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const cursor = before ? `&before=${encodeURIComponent(before)}` : '';
        const url = `/api/patients/${id}/readings?limit=${PAGE_LIMIT}&since=${since}${cursor}`;
        const answer = ReadingsPage.parse(await (await apiRequest('GET', url, undefined, { signal })).json());
        readings.push(...answer.readings);
        before = answer.nextBefore;
        if (!before) break;
      }
      const series = News2Series.parse(await (await seriesAnswer).json());
      return { readings, series };
    },
  });
}
