import { KeyRound } from 'lucide-react';
import type { LazyDialogProps } from '@/components/dialog/lazy-dialog-button.tsx';
import { LazyDialogContent } from '@/components/dialog/lazy-dialog-content.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';

/**
 * Vigil has no e-mail reset flow: the "Forgot password" link explains who resets passwords. Loaded on
 * first use by {@link ForgotPasswordButton}; focus returns to that button on close.
 */
export function ForgotPasswordDialog({ isOpen, setIsOpen, returnFocusTo }: LazyDialogProps) {
  return (
    <LazyDialogContent isOpen={isOpen} setIsOpen={setIsOpen} returnFocusTo={returnFocusTo}>
      <DialogHeader>
        <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <KeyRound className="size-5" aria-hidden="true" />
        </div>
        <DialogTitle>Forgot password</DialogTitle>
        <DialogDescription>
          Passwords are reset by your ward administrator or IT service desk.
        </DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <DialogClose asChild>
          <Button>Got it</Button>
        </DialogClose>
      </DialogFooter>
    </LazyDialogContent>
  );
}
