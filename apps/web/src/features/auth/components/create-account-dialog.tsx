import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AccountCreateInput, ROLE_LABELS, ROLES, type Role } from '@vigil/domain';
import { LoaderCircle, UserPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '@/components/form/field-error.tsx';
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
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { describeError } from '@/lib/error-message.ts';
import { createAccount } from '../api/accounts.ts';
import { ACCOUNTS_QUERY_KEY } from '../api/query-keys.ts';
import { TemporaryPassword } from './reset-password-dialog.tsx';

/**
 * "Create account": an administrator makes a colleague's account with its role (a nurse, a doctor,
 * a ward manager…), active at once. Vigil shows a one-time password, once; the person signs in with
 * it and must choose their own before anything else.
 */
export function CreateAccountDialog() {
  const id = useId();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<Role>('nurse');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createAccount,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY }),
    onError: (error) => setProblem(describeError(error)),
  });
  const created = create.data ?? null;

  const onOpenChange = (open: boolean) => {
    if (create.isPending) return;
    setOpen(open);
    // Shown once: closing the dialog forgets the password.
    if (!open) {
      create.reset();
      setUsername('');
      setRole('nurse');
      setProblem(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AccountCreateInput.safeParse({ username, role });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the username');
      return;
    }
    setProblem(null);
    create.mutate(parsed.data);
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm">
          <UserPlus aria-hidden="true" />
          Create account
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        {created === null ? (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>Create an account</DialogTitle>
              <DialogDescription>
                For a colleague, with their role. Vigil shows a one-time password once; they choose their own
                at their first sign-in.
              </DialogDescription>
            </DialogHeader>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-username`}>Username</Label>
              <Input
                id={`${id}-username`}
                autoComplete="off"
                spellCheck={false}
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : undefined}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-role`}>Role</Label>
              <NativeSelect
                id={`${id}-role`}
                value={role}
                onChange={(event) => setRole(event.target.value as Role)}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <FieldError id={`${id}-problem`} message={problem ?? undefined} />
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={create.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                {create.isPending ? 'Creating...' : 'Create account'}
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <TemporaryPassword
            username={created.account.username}
            password={created.temporaryPassword}
            title={`${created.account.username} can sign in as ${ROLE_LABELS[created.account.role]}`}
            description="Their one-time password is shown here once: give it to them in person or by phone. They must choose their own when they first sign in."
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
