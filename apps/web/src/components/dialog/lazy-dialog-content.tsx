import type { ReactNode, RefObject } from 'react';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import type { LazyDialogProps } from './lazy-dialog-button.tsx';

/**
 * Radix returns focus to a dialog's trigger when it closes; a dialog opened from outside it (its code
 * loaded on the first click) has none, so focus goes back to the button that opened it instead.
 */
export const returnFocusOnClose = (opener: RefObject<HTMLElement | null>) => (event: Event) => {
  event.preventDefault();
  opener.current?.focus();
};

/**
 * The dialog (its root and content) a {@link LazyDialogButton} opens: open while the button says so,
 * focus back on the button when it closes. Kept out of lazy-dialog-button.tsx so that the Radix Dialog
 * loads with the dialog's own code, not with the page that shows the button.
 */
export function LazyDialogContent({
  isOpen,
  setIsOpen,
  returnFocusTo,
  className,
  children,
}: LazyDialogProps & { className?: string; children: ReactNode }) {
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogContent onCloseAutoFocus={returnFocusOnClose(returnFocusTo)} className={className}>
        {children}
      </DialogContent>
    </Dialog>
  );
}
