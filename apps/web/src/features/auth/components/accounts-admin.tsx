import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CardError, CardLoading } from '@/components/card-states/card-states.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { ScrollRegion } from '@/components/ui/scroll-region.tsx';
import { getAccountsQueryOptions } from '../api/accounts.ts';
import { AccountRow } from './account-row.tsx';
import { CreateAccountDialog } from './create-account-dialog.tsx';

/**
 * /admin: every account with its role, status and last sign-in; approve, disable, and, each asked
 * first in a dialog, change a role or reset a password. `children`: the screen's other cards (who
 * works on which ward), below.
 */
export function AccountsAdmin({ children }: { children?: ReactNode }) {
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
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>Users{pending > 0 ? ` · ${pending} pending approval` : ''}</CardTitle>
          <CreateAccountDialog />
        </CardHeader>
        <CardContent>
          {isLoading && <CardLoading label="Loading users" />}
          {error && <CardError what="the users" error={error} />}
          {accounts && accounts.length === 0 && (
            <p className="text-muted-foreground text-sm">No accounts yet.</p>
          )}
          {accounts && accounts.length > 0 && (
            <ScrollRegion label="Users">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Users</caption>
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
            </ScrollRegion>
          )}
        </CardContent>
      </Card>
      {children}
    </div>
  );
}
