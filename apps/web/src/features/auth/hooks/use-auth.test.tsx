// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastError } from '@/lib/toast.ts';
import { AuthProvider, useAuth } from './use-auth.tsx';

vi.mock('@/lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toastError).mockReset();
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

describe('sign-in errors show raw status codes (issue 40 item 9)', () => {
  it('says "Invalid username or password", without "401: " in front', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/login'
          ? json(401, {
              error: 'Invalid username or password',
              message: 'Invalid username or password',
              code: 'INVALID_CREDENTIALS',
            })
          : json(401, { error: 'Please sign in to continue', code: 'UNAUTHORIZED' }),
      ),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    result.current.loginMutation.mutate({ username: 'ada', password: 'wrong password' });
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    expect(toastError).toHaveBeenCalledWith('Login failed', 'Invalid username or password');
  });
});

describe('the disabled person is signed out with no explanation (issue 40 item 9)', () => {
  it('a session ended under a signed-in screen leaves a notice for the sign-in page, once', async () => {
    const { takeSignedOutNotice } = await import('../lib/signed-out-text.ts');
    // The server's readable hint that a session was issued (as after a sign-in).
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the page's own hint cookie.
    document.cookie = 'vigil_signed_in=1; Path=/';
    let signedIn = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        signedIn
          ? json(200, {
              id: 1,
              username: 'ada',
              role: 'nurse',
              status: 'active',
              mustChangePassword: false,
              permissions: ['patients:read'],
            })
          : json(401, { error: 'Please sign in to continue', code: 'UNAUTHORIZED' }),
      ),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.user?.username).toBe('ada'));
    // An administrator disables the account: the next request answers 401.
    signedIn = false;
    await result.current.logoutMutation.mutateAsync().catch(() => undefined);
    await waitFor(() => expect(result.current.user).toBeNull());
    expect(takeSignedOutNotice()).toMatch(/an administrator disabled your account/);
    expect(takeSignedOutNotice()).toBeNull();
  });
});
