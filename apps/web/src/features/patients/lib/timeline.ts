import { TIMELINE_CATEGORIES, type TimelineCategory, type TimelineEntry } from '@vigil/domain';

/** The timeline's filters: everything, or one category of the server's. */
export type TimelineFilter = 'all' | TimelineCategory;

const LABELS: Record<TimelineCategory, string> = {
  observations: 'Observations',
  alerts: 'Alerts',
  care: 'Care',
  devices: 'Devices',
  handovers: 'Handovers',
  stay: 'Admission & beds',
};

export const TIMELINE_FILTERS: readonly { value: TimelineFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...TIMELINE_CATEGORIES.map((value) => ({ value, label: LABELS[value] })),
];

/** The entries under a filter, in the server's order (newest first). */
export function timelineShown(entries: readonly TimelineEntry[], filter: TimelineFilter): TimelineEntry[] {
  return filter === 'all' ? [...entries] : entries.filter((e) => e.category === filter);
}

/** How many entries each filter shows. */
export function timelineCounts(entries: readonly TimelineEntry[]): Record<TimelineFilter, number> {
  const counts = Object.fromEntries(TIMELINE_FILTERS.map((f) => [f.value, 0])) as Record<
    TimelineFilter,
    number
  >;
  counts.all = entries.length;
  for (const e of entries) counts[e.category]++;
  return counts;
}

/** Who did it, beside the time, unless the entry's own words already name them. */
export function authorOf(entry: Pick<TimelineEntry, 'by' | 'title' | 'description'>): string | null {
  if (!entry.by) return null;
  return entry.title.includes(entry.by) || entry.description.includes(entry.by) ? null : entry.by;
}
