import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils.ts';

type SpinnerProps = {
  /** Accessible name announced to screen readers. */
  label?: string;
  className?: string;
};

export function Spinner({ label = 'Loading', className }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={cn('inline-flex text-primary', className)}>
      <LoaderCircle className="size-8 animate-spin" aria-hidden="true" />
    </span>
  );
}

/** A spinner centred in the available space, for whole-screen loading states. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[60svh] flex-1 items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
