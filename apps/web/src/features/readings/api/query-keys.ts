// The keys alone, for code that only writes to or refreshes these queries (the live events, on every
// signed-in page): importing them from the fetchers would load the fetchers' schemas too.

export const patientReadingsQueryKey = (id: number) => ['patients', id, 'readings'] as const;

export const news2SeriesQueryKey = (id: number) => ['patients', id, 'news2-series'] as const;
