import { queryOptions } from '@tanstack/react-query';
import { getTrendQueryOptions } from './get-trend.ts';

/**
 * The observation chart's data: the trend of its window (24 or 72 hours), bounded whatever the rate
 * of readings. Keyed under the patient's trends, so a live reading refreshes an open chart as it
 * refreshes the record's trend card.
 */
export function getChartDataQueryOptions(id: number, hours: number) {
  return queryOptions(getTrendQueryOptions(id, { kind: 'live', hours }));
}
