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

/** A card's one line about a read that failed, with its reason: an alert, read out as it appears. */
function ProblemLine({ text, className }: { text: string; className?: string }) {
  return (
    <p role="alert" className={cn('flex items-start gap-2 text-destructive text-sm', className)}>
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}

/** The card holds nothing: its first read failed. */
export function CardError({ what, error }: { what: string; error: unknown }) {
  return <ProblemLine className="py-2" text={`Could not load ${what}: ${describeError(error)}`} />;
}

/**
 * A refresh that failed while the card still holds what it loaded before: said above that content,
 * so an older list is never shown as if it were the newest (queries do not retry, spec point 9).
 */
export function CardStale({ what, error }: { what: string; error: unknown }) {
  return (
    <ProblemLine
      text={`Could not refresh ${what}; showing what was last loaded (${describeError(error)}).`}
    />
  );
}

/**
 * What a card says about a failed read, if anything: "could not load" while it holds nothing,
 * "could not refresh" above what it loaded before.
 */
export function CardReadProblem({
  what,
  error,
  hasData,
}: {
  what: string;
  error: unknown;
  hasData: boolean;
}) {
  if (!error) return null;
  return hasData ? <CardStale what={what} error={error} /> : <CardError what={what} error={error} />;
}
