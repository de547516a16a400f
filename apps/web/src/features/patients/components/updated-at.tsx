import { useNow } from '@/hooks/use-now.ts';
import { formatDateTime } from '@/lib/date-time.ts';
import { formatRelativeTime } from '../lib/relative-time.ts';

/** "Updated 5 min ago"; the exact time is in the `<time>` element and its tooltip. */
export function UpdatedAt({ iso }: { iso: string }) {
  const now = useNow();
  const date = new Date(iso);
  const exact = Number.isNaN(date.getTime()) ? iso : formatDateTime(date);
  return (
    <p className="text-muted-foreground text-xs">
      Updated{' '}
      <time dateTime={iso} title={exact}>
        {formatRelativeTime(iso, now)}
      </time>
    </p>
  );
}
