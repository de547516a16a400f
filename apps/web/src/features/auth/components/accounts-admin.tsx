import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Account, ROLE_LABELS, ROLES, type Role } from '@vigil/domain';
import { useState } from 'react';
import { CardError, CardLoading } from '@/components/card-states/card-states.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import {
  ACCOUNTS_QUERY_KEY,
  getAccountsQueryOptions,
  resetPassword,
  updateAccount,
} from '../api/accounts.ts';
import { useAuth } from '../hooks/use-auth.tsx';

const STATUS_LABEL = { pending: 'Pending approval', active: 'Active', disabled: 'Disabled' } as const;

const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

/** /admin: every account with its role, status and last sign-in; approve, disable, role, reset. */
export function AccountsAdmin() {
  const { data: accounts, error, isLoading } = useQuery(getAccountsQueryOptions());
  const pending = accounts?.filter((a) => a.status === 'pending').length ?? 0;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 md:p-6">
      <header className="flex flex-col gap-1">
        <h1 className="font-bold text-2xl tracking-tight">Administration</h1>
        <p className="text-muted-foreground text-sm">
          Accounts are never deleted: disable one to end its sessions at once; its records keep their author.
        </p>
      </header>
      <Card>
        <CardHeader>
          <CardTitle>Users{pending > 0 ? ` · ${pending} pending approval` : ''}</CardTitle>
        </CardHeader>
        <CardContent>
          {isLoading && <CardLoading label="Loading users" />}
          {error && <CardError what="the users" error={error} />}
          {accounts && accounts.length === 0 && (
            <p className="text-muted-foreground text-sm">No accounts yet.</p>
          )}
          {accounts && accounts.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-muted-foreground text-xs">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      User
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Role
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Status
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Last sign-in
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {accounts.map((account) => (
                    <AccountRow key={account.id} account={account} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function AccountRow({ account }: { account: Account }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [temporary, setTemporary] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY });
  const update = useMutation({
    mutationFn: updateAccount,
    onSuccess: (a) => {
      toastSuccess('Account updated', `${a.username}: ${ROLE_LABELS[a.role]}, ${STATUS_LABEL[a.status]}`);
      void refresh();
    },
    onError: (err) => toastError('Account not updated', err.message),
  });
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: ({ temporaryPassword }) => {
      setTemporary(temporaryPassword);
      void refresh();
    },
    onError: (err) => toastError('Password not reset', err.message),
  });
  const self = user?.id === account.id;
  const busy = update.isPending || reset.isPending;
  return (
    <tr className="border-t align-top">
      <td className="py-2 pr-3 font-medium">
        {account.username}
        {self && <span className="text-muted-foreground"> (you)</span>}
      </td>
      <td className="py-2 pr-3">
        <NativeSelect
          aria-label={`Role of ${account.username}`}
          value={account.role}
          disabled={busy}
          onChange={(e) => update.mutate({ id: account.id, role: e.target.value as Role })}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect>
      </td>
      <td className="py-2 pr-3">
        <Badge
          variant={
            account.status === 'active'
              ? 'secondary'
              : account.status === 'pending'
                ? 'outline'
                : 'destructive'
          }
        >
          {STATUS_LABEL[account.status]}
        </Badge>
        {account.mustChangePassword && (
          <div className="pt-1 text-muted-foreground text-xs">Must change password</div>
        )}
      </td>
      <td className="py-2 pr-3 text-muted-foreground">{formatDate(account.lastSignInAt)}</td>
      <td className="py-2">
        <div className="flex flex-wrap gap-2">
          {account.status !== 'active' && (
            <Button
              size="sm"
              disabled={busy}
              onClick={() => update.mutate({ id: account.id, status: 'active' })}
            >
              {account.status === 'pending' ? `Approve ${account.username}` : `Enable ${account.username}`}
            </Button>
          )}
          {account.status === 'active' && !self && (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => update.mutate({ id: account.id, status: 'disabled' })}
            >
              Disable
            </Button>
          )}
          <Button size="sm" variant="outline" disabled={busy} onClick={() => reset.mutate(account.id)}>
            Reset password
          </Button>
        </div>
        {temporary && (
          <p role="status" className="pt-2 text-sm">
            Temporary password for {account.username}:{' '}
            <code className="rounded bg-muted px-1 font-mono">{temporary}</code>
            <br />
            <span className="text-muted-foreground text-xs">
              Shown once. They must choose a new password when they sign in.
            </span>
          </p>
        )}
      </td>
    </tr>
  );
}
