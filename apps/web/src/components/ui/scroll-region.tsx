import type { ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';

/**
 * A wide table's box that scrolls sideways on a narrow screen. It can take keyboard focus (arrow keys
 * then scroll it) and is named, so a keyboard user can reach what is off to the side (WCAG 2.1.1;
 * axe `scrollable-region-focusable`).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
      className={cn(
        'overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2',
        className,
      )}
    >
      {children}
    </section>
  );
}
