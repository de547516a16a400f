// The keys alone, for code that only writes to or refreshes these queries (the live events, on every
// signed-in page): importing them from the fetchers would load the fetchers' schemas too.

export const patientQueryKey = (id: number) => ['/api/patients', id] as const;

export const timelineQueryKey = (patientId: number) => ['/api/patients', patientId, 'timeline'] as const;
