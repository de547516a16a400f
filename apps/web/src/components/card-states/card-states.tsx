import { CircleAlert } from 'lucide-react';
import { describeError } from '@/lib/error-message.ts';
import { cn } from '@/lib/utils.ts';
import { Spinner } from '../ui/spinner.tsx';

/** Loading and error lines shared by the cards of a screen. */
export function CardLoading({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn('flex items-center gap-3 py-3 text-muted-foreground text-sm', className)}
    >
      <Spinner label={label} className="[&_svg]:size-5" />
      {label}...
    </div>
  );
}

export function CardError({ what, error }: { what: string; error: unknown }) {
  return (
    <p role="alert" className="flex items-start gap-2 py-2 text-destructive text-sm">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        Could not load {what}: {describeError(error)}
      </span>
    </p>
  );
}

/**
 * A refresh that failed while the card still holds what it loaded before: said above that content,
 * so an older list is never shown as if it were the newest (queries do not retry, spec point 9).
 */
export function CardStale({ what, error }: { what: string; error: unknown }) {
  return (
    <p role="alert" className="flex items-start gap-2 text-destructive text-sm">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        Could not refresh {what}; showing what was last loaded ({describeError(error)}).
      </span>
    </p>
  );
}
