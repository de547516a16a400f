import { useQuery } from '@tanstack/react-query';
import { getAccountsQueryOptions } from '@/features/auth/api/accounts.ts';
import { AccountsAdmin } from '@/features/auth/components/accounts-admin.tsx';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';
import { WardMembersCard } from '@/features/wards/components/ward-members-card.tsx';

/** `/admin`: the accounts, and who works on which ward (wards:manage, decision 035). */
export function AdminPage() {
  const { can } = useAuth();
  const accounts = useQuery(getAccountsQueryOptions());
  return (
    <AccountsAdmin>
      {can('wards:manage') && accounts.data && <WardMembersCard accounts={accounts.data} />}
    </AccountsAdmin>
  );
}
