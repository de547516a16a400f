import { Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';

// The dialog (Radix Dialog, its focus trap and scroll lock) is not part of the sign-in page's first
// load: it arrives on the first click.
const ForgotPasswordDialog = lazyWithRetry(() =>
  import('./forgot-password-dialog.tsx').then((m) => ({ default: m.ForgotPasswordDialog })),
);

/** The "Forgot password" link and, once used, its dialog. */
export function ForgotPasswordButton() {
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        type="button"
        variant="link"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => {
          setWasOpened(true);
          setIsOpen(true);
        }}
      >
        Forgot password
      </Button>
      {wasOpened && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog isOpen={isOpen} setIsOpen={setIsOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
