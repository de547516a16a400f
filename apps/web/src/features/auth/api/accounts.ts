import { queryOptions } from '@tanstack/react-query';
import {
  Account,
  AccountCreated,
  type AccountCreateInput,
  type AccountUpdateInput,
  type PasswordChangeInput,
  RegistrationInfo,
  TemporaryPassword,
  User,
} from '@vigil/domain';
import { z } from 'zod';
import { apiRequest, getJson } from '@/lib/api-client.ts';
import { ACCOUNTS_QUERY_KEY, REGISTRATION_QUERY_KEY } from './query-keys.ts';

/** GET /api/accounts: every account, for the administration page. */
export function getAccountsQueryOptions() {
  return queryOptions({
    queryKey: ACCOUNTS_QUERY_KEY,
    queryFn: async ({ signal }) => z.array(Account).parse(await getJson('/api/accounts', signal)),
  });
}

/** GET /api/register (before sign-in): open, approval or closed. */
export function getRegistrationQueryOptions() {
  return queryOptions({
    queryKey: REGISTRATION_QUERY_KEY,
    queryFn: async ({ signal }) => RegistrationInfo.parse(await getJson('/api/register', signal)),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/accounts: a colleague's account, with its one-time password (shown once). */
export async function createAccount(input: AccountCreateInput): Promise<AccountCreated> {
  return AccountCreated.parse(await (await apiRequest('POST', '/api/accounts', input)).json());
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
