import { RefreshCw, WifiOff } from 'lucide-react';
import { cn } from '@/lib/utils.ts';
import { useLiveConnection } from '../hooks/use-live-events.tsx';
import { liveNoticeText } from '../lib/live-notice.ts';

/**
 * "Live updates paused — reconnecting" / "Offline — data may be out of date" in the shell (sidebar
 * footer, or the phone's top bar). The status region is always rendered, so the change is announced.
 * In the collapsed sidebar only the icon shows; the words stay for screen readers and the tooltip.
 */
export function LiveStatusNotice({
  isCompact = false,
  className,
}: {
  isCompact?: boolean;
  className?: string;
}) {
  const connection = useLiveConnection();
  const text = liveNoticeText(connection);
  const isOffline = text !== null && !connection.willRetry;

  return (
    <div role="status" data-live-status={connection.status} className={cn(!text && 'sr-only', className)}>
      {text && (
        <div
          data-live-notice={isOffline ? 'offline' : 'paused'}
          title={isCompact ? text : undefined}
          className={cn(
            'flex items-center gap-2 rounded-md border border-slate-500 border-dashed bg-slate-100 text-slate-900 text-xs dark:border-slate-400 dark:bg-slate-800 dark:text-slate-100',
            isCompact ? 'justify-center p-1.5' : 'px-2 py-1.5',
          )}
        >
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          <span className={cn('min-w-0 flex-1 font-medium', isCompact && 'sr-only')}>{text}</span>
          {isOffline && !isCompact && (
            <button
              type="button"
              onClick={connection.reconnect}
              className="inline-flex shrink-0 items-center gap-1 rounded-sm font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <RefreshCw className="size-3.5" aria-hidden="true" />
              Reconnect
            </button>
          )}
        </div>
      )}
    </div>
  );
}
