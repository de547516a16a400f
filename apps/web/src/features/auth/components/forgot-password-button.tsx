import { LazyDialogButton } from '@/components/dialog/lazy-dialog-button.tsx';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';

// The dialog (Radix Dialog, its focus trap and scroll lock) is not part of the sign-in page's first
// load: it arrives on the first click.
const ForgotPasswordDialog = lazyWithRetry(() =>
  import('./forgot-password-dialog.tsx').then((m) => ({ default: m.ForgotPasswordDialog })),
);

/** The "Forgot password" link and, once used, its dialog. */
export function ForgotPasswordButton() {
  return (
    <LazyDialogButton Dialog={ForgotPasswordDialog} type="button" variant="link">
      Forgot password
    </LazyDialogButton>
  );
}
