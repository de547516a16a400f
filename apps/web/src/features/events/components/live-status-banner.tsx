import { RefreshCw, Wifi, WifiOff } from 'lucide-react';
import { useSecondTicks } from '@/hooks/use-second-ticks.ts';
import { cn } from '@/lib/utils.ts';
import { useLiveAgain } from '../hooks/use-live-again.ts';
import { useLiveConnection } from '../hooks/use-live-events.tsx';
import {
  isLiveDown,
  lastLiveText,
  liveAgainText,
  nextAttemptText,
  OFFLINE_TEXT,
} from '../lib/live-notice.ts';

/**
 * The whole-width banner at the top of every signed-in screen while the live event stream is down:
 * "Offline — data may be out of date", when it was last live, and when it tries again (it does so on
 * its own; "Reconnect now" only saves the wait). Once back it says so for a few seconds, "Live again —
 * updated 04:31" (what is on screen was read again then), rather than vanish without a word. The
 * status region is always rendered, so each change is announced; the countdown sits outside it, so
 * it is not read out every second.
 */
export function LiveStatusBanner() {
  const connection = useLiveConnection();
  const isDown = isLiveDown(connection);
  const liveAgainAt = useLiveAgain(connection);
  const isShown = isDown || liveAgainAt !== null;
  const now = useSecondTicks(isDown);

  return (
    <div
      data-live-banner={isShown ? '' : undefined}
      className={cn(
        isShown && 'flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-4 py-2 text-sm',
        isDown && 'border-amber-700/40 bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-50',
        !isDown &&
          liveAgainAt !== null &&
          'border-green-700/40 bg-green-50 text-green-950 dark:bg-green-950 dark:text-green-50',
      )}
    >
      <p
        role="status"
        data-live-status={connection.status}
        className={cn(isShown ? 'flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1' : 'sr-only')}
      >
        {!isDown && liveAgainAt !== null && (
          <span data-live-again="" className="inline-flex items-center gap-2 font-semibold">
            <Wifi className="size-4 shrink-0" aria-hidden="true" />
            {liveAgainText(liveAgainAt)}
          </span>
        )}
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
