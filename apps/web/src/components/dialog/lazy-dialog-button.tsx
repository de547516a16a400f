import { type ComponentProps, type ComponentType, type RefObject, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';

/** What a dialog opened by a LazyDialogButton is given. */
export interface LazyDialogProps {
  isOpen: boolean;
  setIsOpen: (open: boolean) => void;
  /** The button outside the dialog that opened it: focus returns there when it closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/**
 * A button whose dialog's code (Radix Dialog, its focus trap, the form) is not part of the page's
 * first load: `Dialog` is a lazy component, rendered from the first click on and kept after, so it
 * closes with its animation and opens again at once.
 */
export function LazyDialogButton<P extends object = Record<never, never>>({
  Dialog,
  dialogProps,
  ...button
}: {
  Dialog: ComponentType<LazyDialogProps & P>;
  /** What else the dialog is given (the alert it acknowledges…). */
  dialogProps?: P;
} & Omit<ComponentProps<typeof Button>, 'ref' | 'onClick'>) {
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        {...button}
        onClick={() => {
          setWasOpened(true);
          setIsOpen(true);
        }}
      />
      {wasOpened && (
        <Suspense fallback={null}>
          <Dialog {...(dialogProps as P)} isOpen={isOpen} setIsOpen={setIsOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
