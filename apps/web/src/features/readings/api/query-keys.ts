// The keys alone, for code that only writes to or refreshes these queries (the live events, on every
// signed-in page): importing them from the fetchers would load the fetchers' schemas too.

/** The patient's latest readings (the history's first page), grown by live `reading` events. */
export const patientReadingsQueryKey = (id: number) => ['patients', id, 'readings'] as const;

export const news2SeriesQueryKey = (id: number) => ['patients', id, 'news2-series'] as const;

/** Every trend of the patient (each window its own query under this key). */
export const trendQueryKey = (id: number) => ['patients', id, 'trend'] as const;
