import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Account, ROLE_LABELS, ROLES, Role } from '@vigil/domain';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { formatDateTime } from '@/lib/date-time.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { updateAccount } from '../api/accounts.ts';
import { ACCOUNTS_QUERY_KEY } from '../api/query-keys.ts';
import { useAuth } from '../hooks/use-auth.tsx';
import { DisableAccountDialog } from './disable-account-dialog.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { RoleChangeDialog } from './role-change-dialog.tsx';

const STATUS_LABEL = { pending: 'Pending approval', active: 'Active', disabled: 'Disabled' } as const;

/** One account: its role (changed only once confirmed), status, last sign-in and actions. */
export function AccountRow({ account }: { account: Account }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  /** The role chosen in the select, waiting for the dialog's confirmation. */
  const [pendingRole, setPendingRole] = useState<Role | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY });
  const update = useMutation({
    mutationFn: updateAccount,
    onSuccess: (a) => {
      // The list shows the server's answer at once: cleared, the select would otherwise fall back
      // to the old role until the list is read again.
      queryClient.setQueryData<Account[]>(ACCOUNTS_QUERY_KEY, (list) =>
        list?.map((other) => (other.id === a.id ? a : other)),
      );
      toastSuccess('Account updated', `${a.username}: ${ROLE_LABELS[a.role]}, ${STATUS_LABEL[a.status]}`);
      void refresh();
    },
    onError: (err) => toastError('Account not updated', describeError(err)),
    onSettled: () => setPendingRole(null),
  });
  const self = user?.id === account.id;
  const busy = update.isPending;
  return (
    <tr className="border-t align-top">
      <td className="py-2 pr-3 font-medium">
        {account.username}
        {self && <span className="text-muted-foreground"> (you)</span>}
      </td>
      <td className="py-2 pr-3">
        {/* Wide enough for "Administrator": a table squeezes a select to nothing otherwise. */}
        <NativeSelect
          aria-label={`Role of ${account.username}`}
          value={pendingRole ?? account.role}
          disabled={busy}
          className="min-w-44"
          onChange={(e) => {
            const role = Role.parse(e.target.value);
            setPendingRole(role === account.role ? null : role);
          }}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect>
        <RoleChangeDialog
          username={account.username}
          from={account.role}
          to={pendingRole}
          isPending={update.isPending}
          onConfirm={() => pendingRole && update.mutate({ id: account.id, role: pendingRole })}
          onCancel={() => setPendingRole(null)}
        />
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
      <td className="whitespace-nowrap py-2 pr-3 text-muted-foreground">
        {account.lastSignInAt ? (
          <time dateTime={account.lastSignInAt}>{formatDateTime(account.lastSignInAt)}</time>
        ) : (
          'Never'
        )}
      </td>
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
            <DisableAccountDialog
              username={account.username}
              disabled={busy}
              onConfirm={() => update.mutate({ id: account.id, status: 'disabled' })}
            />
          )}
          <ResetPasswordDialog accountId={account.id} username={account.username} disabled={busy} />
        </div>
      </td>
    </tr>
  );
}
