import { queryOptions } from '@tanstack/react-query';
import {
  Account,
  type AccountUpdateInput,
  type PasswordChangeInput,
  RegistrationInfo,
  TemporaryPassword,
  User,
} from '@vigil/domain';
import { z } from 'zod';
import { apiRequest, getQueryFn } from '@/lib/api-client.ts';

export const ACCOUNTS_QUERY_KEY = ['/api/accounts'] as const;
const fetchAccounts = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/accounts: every account, for the administration page. */
export function getAccountsQueryOptions() {
  return queryOptions({
    queryKey: ACCOUNTS_QUERY_KEY,
    queryFn: async (context) => z.array(Account).parse(await fetchAccounts(context)),
  });
}

/** GET /api/register (before sign-in): open, approval or closed. */
export function getRegistrationQueryOptions() {
  return queryOptions({
    queryKey: ['/api/register'] as const,
    queryFn: async () => RegistrationInfo.parse(await (await apiRequest('GET', '/api/register')).json()),
    staleTime: 5 * 60_000,
  });
}

export async function updateAccount({ id, ...input }: AccountUpdateInput & { id: number }): Promise<Account> {
  return Account.parse(await (await apiRequest('PATCH', `/api/accounts/${id}`, input)).json());
}

export async function resetPassword(id: number): Promise<TemporaryPassword> {
  return TemporaryPassword.parse(
    await (await apiRequest('POST', `/api/accounts/${id}/reset-password`)).json(),
  );
}

export async function changePassword(input: PasswordChangeInput): Promise<User> {
  return User.parse(await (await apiRequest('POST', '/api/account/password', input)).json());
}

export async function signOutEverywhere(): Promise<void> {
  await apiRequest('POST', '/api/account/sign-out-everywhere');
}
