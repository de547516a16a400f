import { useNow } from '@/hooks/use-now.ts';
import { formatRelativeTime } from '../lib/relative-time.ts';

const FULL_DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "Updated 5 min ago"; the exact time is in the `<time>` element and its tooltip. */
export function UpdatedAt({ iso }: { iso: string }) {
  const now = useNow();
  const date = new Date(iso);
  const exact = Number.isNaN(date.getTime()) ? iso : FULL_DATE.format(date);
  return (
    <p className="text-muted-foreground text-xs">
      Updated{' '}
      <time dateTime={iso} title={exact}>
        {formatRelativeTime(iso, now)}
      </time>
    </p>
  );
}
