// The key alone, for code that only refreshes the query (the live events, on every signed-in page).

export const patientAnalysisQueryKey = (id: number) => ['patients', id, 'analysis'] as const;
