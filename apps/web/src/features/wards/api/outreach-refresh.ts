import type { QueryClient } from '@tanstack/react-query';
import { wardsQueryKeys } from './query-keys.ts';

/**
 * How often the open outreach list is read again while its patients change: every reading of a
 * busy hospital is a patient event, and the list is every ward's, so it is read at most this often
 * (a change waits no longer than this to show).
 */
export const OUTREACH_REFRESH_MS = 2_000;

let lastMs = Number.NEGATIVE_INFINITY;
let timer: ReturnType<typeof setTimeout> | null = null;

/** Reads the outreach list again where it is shown: at once, or once {@link OUTREACH_REFRESH_MS} after the last read. */
export function refreshOutreach(queryClient: QueryClient, now = Date.now()): void {
  if (timer) return;
  // Nobody looks at it: nothing to schedule (the list is read afresh when the page opens).
  if (!queryClient.getQueryCache().find({ queryKey: wardsQueryKeys.outreach() })?.isActive()) return;
  const refresh = () => {
    lastMs = Date.now();
    timer = null;
    void queryClient.invalidateQueries(
      { queryKey: wardsQueryKeys.outreach(), refetchType: 'active' },
      { cancelRefetch: false },
    );
  };
  const wait = lastMs + OUTREACH_REFRESH_MS - now;
  if (wait <= 0) refresh();
  else timer = setTimeout(refresh, wait);
}
