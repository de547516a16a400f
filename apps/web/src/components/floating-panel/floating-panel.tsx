import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFloatingPanel } from '@/hooks/use-floating-panel.ts';
import { cn } from '@/lib/utils.ts';
import { Button } from '../ui/button.tsx';

/**
 * A floating button that toggles a non-modal panel above it (spec "Floating widgets"). From the
 * `sm` breakpoint the panel opens beside its button at `widthClass`; on phones it is a sheet above
 * the row of floating buttons (never over them).
 */
export function FloatingPanel({
  side,
  title,
  buttonLabel,
  buttonIcon,
  isButtonLabelHiddenOnMobile = false,
  widthClass,
  isOpen,
  onToggle,
  onClose,
  children,
}: {
  side: 'left' | 'right';
  title: string;
  buttonLabel: string;
  buttonIcon: ReactNode;
  isButtonLabelHiddenOnMobile?: boolean;
  /** e.g. `sm:w-[350px]` (spec point 9 panel widths). */
  widthClass: string;
  isOpen: boolean;
  onToggle: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { panelId, titleId, panelRef, buttonRef, onKeyDown } = useFloatingPanel(isOpen, onClose);

  return (
    <div className="pointer-events-auto relative">
      {isOpen && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          tabIndex={-1}
          onKeyDown={onKeyDown}
          className={cn(
            // Phones: a sheet that stops above the floating buttons (4.75rem), so the other button
            // stays visible and usable while a panel is open.
            'fixed inset-x-2 bottom-[4.75rem] z-40 flex max-h-[calc(100svh-9rem)] animate-fade-in flex-col rounded-xl border bg-popover text-popover-foreground shadow-2xl focus:outline-none',
            'sm:absolute sm:inset-x-auto sm:bottom-full sm:mb-3 sm:max-h-[min(70svh,40rem)] sm:rounded-xl',
            side === 'left' ? 'sm:left-0' : 'sm:right-0',
            widthClass,
          )}
        >
          <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
            <h2 id={titleId} className="font-semibold text-base">
              {title}
            </h2>
            <Button variant="ghost" size="icon-sm" aria-label={`Close ${title}`} onClick={onClose}>
              <X aria-hidden="true" />
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
        </div>
      )}
      <Button
        ref={buttonRef}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={onToggle}
        onKeyDown={onKeyDown}
        size="lg"
        className="rounded-full px-4 shadow-lg"
      >
        {buttonIcon}
        <span className={isButtonLabelHiddenOnMobile ? 'sr-only sm:not-sr-only' : undefined}>
          {buttonLabel}
        </span>
      </Button>
    </div>
  );
}
