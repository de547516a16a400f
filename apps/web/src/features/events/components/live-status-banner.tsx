import { RefreshCw, WifiOff } from 'lucide-react';
import { useSecondTicks } from '@/hooks/use-second-ticks.ts';
import { cn } from '@/lib/utils.ts';
import { useLiveConnection } from '../hooks/use-live-events.tsx';
import { isLiveDown, lastLiveText, nextAttemptText, OFFLINE_TEXT } from '../lib/live-notice.ts';

/**
 * The whole-width banner at the top of every signed-in screen while the live event stream is down:
 * "Offline — data may be out of date", when it was last live, and when it tries again (it does so on
 * its own; "Reconnect now" only saves the wait). The status region is always rendered, so the change
 * is announced; the countdown sits outside it, so it is not read out every second.
 */
export function LiveStatusBanner() {
  const connection = useLiveConnection();
  const isDown = isLiveDown(connection);
  const now = useSecondTicks(isDown);

  return (
    <div
      data-live-banner={isDown ? '' : undefined}
      className={cn(
        isDown &&
          'flex flex-wrap items-center gap-x-3 gap-y-1 border-amber-700/40 border-b bg-amber-100 px-4 py-2 text-amber-950 text-sm dark:bg-amber-950 dark:text-amber-50',
      )}
    >
      <p
        role="status"
        data-live-status={connection.status}
        className={cn(isDown ? 'flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1' : 'sr-only')}
      >
        {isDown && (
          <>
            <span className="inline-flex items-center gap-2 font-semibold">
              <WifiOff className="size-4 shrink-0" aria-hidden="true" />
              {OFFLINE_TEXT}
            </span>
            <span data-last-live="">{lastLiveText(connection.lastLiveAt)}</span>
          </>
        )}
      </p>
      {isDown && (
        <>
          <span className="text-amber-900 dark:text-amber-100">{nextAttemptText(connection, now)}</span>
          <button
            type="button"
            onClick={connection.reconnect}
            disabled={connection.status !== 'offline'}
            className="ml-auto inline-flex shrink-0 items-center gap-1 rounded-sm font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring disabled:no-underline disabled:opacity-70"
          >
            <RefreshCw className="size-3.5" aria-hidden="true" />
            Reconnect now
          </button>
        </>
      )}
    </div>
  );
}
