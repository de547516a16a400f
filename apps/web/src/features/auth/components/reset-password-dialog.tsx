import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Eye, EyeOff, KeyRound, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog.tsx';
import { toastError } from '@/lib/toast.ts';
import { resetPassword } from '../api/accounts.ts';
import { ACCOUNTS_QUERY_KEY } from '../api/query-keys.ts';

/**
 * "Reset password", asked first: the reset signs the person out on every device at once (mid-shift,
 * perhaps). Then the temporary password, shown once: hidden until revealed, copyable, and forgotten
 * when the dialog closes.
 */
export function ResetPasswordDialog({
  accountId,
  username,
  disabled,
}: {
  accountId: number;
  username: string;
  disabled: boolean;
}) {
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY }),
    onError: (err) => toastError('Password not reset', err.message),
  });
  const temporary = reset.data?.temporaryPassword ?? null;

  const onOpenChange = (open: boolean) => {
    if (reset.isPending) return;
    setOpen(open);
    // Shown once: closing the dialog forgets the temporary password.
    if (!open) reset.reset();
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={disabled}>
          Reset password
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        {temporary === null ? (
          <>
            <DialogHeader>
              <DialogTitle>Reset {username}'s password?</DialogTitle>
              <DialogDescription>
                This signs {username} out on every device now, in the middle of whatever they are doing.
              </DialogDescription>
            </DialogHeader>
            <p className="text-sm">
              Vigil then shows you a temporary password, once. Give it to {username} in person or by phone;
              they must choose a new password when they next sign in.
            </p>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline" disabled={reset.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button
                variant="destructive"
                disabled={reset.isPending}
                onClick={() => reset.mutate(accountId)}
              >
                {reset.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                {reset.isPending ? 'Resetting...' : `Reset and sign ${username} out`}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <TemporaryPassword
            username={username}
            password={temporary}
            title={`${username} is signed out`}
            description="Their temporary password is shown here once. When you close this dialog it cannot be shown again."
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A one-time password, shown once: hidden until revealed, copyable (a reset, or a new account). */
export function TemporaryPassword({
  username,
  password,
  title,
  description,
}: {
  username: string;
  password: string;
  title: string;
  description: string;
}) {
  const id = useId();
  const [isRevealed, setRevealed] = useState(false);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copyPassword = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopy('copied');
    } catch {
      // No clipboard (permission refused): show it, so it can be read out or selected by hand.
      setRevealed(true);
      setCopy('failed');
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2">
        <span id={id} className="font-medium text-sm">
          Temporary password for {username}
        </span>
        <div className="flex flex-wrap items-center gap-2">
          <output
            aria-labelledby={id}
            data-temporary-password={isRevealed ? 'shown' : 'hidden'}
            className="flex h-10 min-w-0 flex-1 items-center gap-2 rounded-md border bg-muted px-3 font-mono text-base tracking-wider"
          >
            <KeyRound className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            {isRevealed ? (
              <code>{password}</code>
            ) : (
              <>
                <span aria-hidden="true">{'•'.repeat(password.length)}</span>
                <span className="sr-only">Hidden</span>
              </>
            )}
          </output>
          <Button variant="outline" onClick={() => setRevealed(!isRevealed)} aria-pressed={isRevealed}>
            {isRevealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {isRevealed ? 'Hide' : 'Reveal'}
          </Button>
          <Button variant="outline" onClick={() => void copyPassword()}>
            {copy === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copy === 'copied' ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p role="status" className="text-muted-foreground text-xs">
          {copy === 'copied' && 'Copied to the clipboard.'}
          {copy === 'failed' && 'This browser did not allow copying: the password is shown instead.'}
        </p>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
