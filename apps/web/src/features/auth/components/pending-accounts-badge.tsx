import { useQuery } from '@tanstack/react-query';
import { getAccountsQueryOptions } from '../api/accounts.ts';

/** How often an administrator's screen looks for new registrations waiting for approval. */
const PENDING_POLL_MS = 60_000;

/**
 * Beside "Administration" in the sidebar, for an administrator: how many accounts wait for approval
 * (registration by approval), so a newcomer is not left waiting because nobody opened the page.
 */
export function PendingAccountsBadge({ isCompact = false }: { isCompact?: boolean }) {
  const { data: accounts } = useQuery({ ...getAccountsQueryOptions(), refetchInterval: PENDING_POLL_MS });
  const pending = accounts?.filter((a) => a.status === 'pending').length ?? 0;
  if (pending === 0) return null;
  const label = `${pending} pending approval`;
  return (
    <span
      data-pending-accounts={pending}
      className={
        isCompact
          ? 'absolute top-1 right-1 flex size-4 items-center justify-center rounded-full bg-amber-600 font-semibold text-[10px] text-white'
          : 'ml-auto rounded-full bg-amber-600 px-1.5 font-semibold text-white text-xs tabular-nums'
      }
    >
      <span aria-hidden="true">{pending}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
