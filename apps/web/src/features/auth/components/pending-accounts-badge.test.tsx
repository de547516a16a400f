// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { Account } from '@vigil/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS_QUERY_KEY } from '../api/query-keys.ts';
import { PendingAccountsBadge } from './pending-accounts-badge.tsx';

afterEach(cleanup);

const account = (id: number, status: Account['status']): Account => ({
  id,
  username: `user${id}`,
  role: 'nurse',
  status,
  mustChangePassword: false,
  lastSignInAt: null,
  createdAt: '2026-03-02T08:00:00.000Z',
});

function renderWith(accounts: Account[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(ACCOUNTS_QUERY_KEY, accounts);
  return render(
    <QueryClientProvider client={client}>
      <PendingAccountsBadge />
    </QueryClientProvider>,
  );
}

describe('pending accounts show no badge to the administrator (issue 40 item 9)', () => {
  it('shows how many accounts wait for approval', () => {
    renderWith([account(1, 'active'), account(2, 'pending'), account(3, 'pending'), account(4, 'disabled')]);
    expect(screen.getByText('2 pending approval')).toBeTruthy();
  });

  it('shows nothing when none waits', () => {
    const { container } = renderWith([account(1, 'active')]);
    expect(container.textContent).toBe('');
  });
});
