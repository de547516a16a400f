import { Activity } from 'lucide-react';
import { cn } from '@/lib/utils.ts';

/** The Vigil mark: a pulse line in a rounded tile. Decorative; pair it with the visible name. */
export function VigilLogo({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-teal-600 text-white shadow-sm',
        className,
      )}
    >
      <Activity className="size-[60%]" strokeWidth={2.5} />
    </span>
  );
}
