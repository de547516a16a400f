import { QueryClient } from '@tanstack/react-query';

/**
 * Spec point 9: data is fetched once and kept until something invalidates it (mutations, live
 * events). No polling, no refetch on focus, no retries; the patient query opts into its own 2 retries.
 * No default fetcher: every query brings its own `queryFn` (keys are by meaning, not URLs).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
