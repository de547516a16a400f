import { type ReactNode, Suspense } from 'react';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { Toaster } from '@/components/ui/toaster.tsx';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';

// Signed-out visitors never see the sidebar, so its code (tooltips, drawer) loads only with a user:
// as the page starts when the server's signed-in hint is there (early-start.ts), beside the session
// request, otherwise with the session answer.
export const SidebarLayout = lazyWithRetry(() =>
  import('./sidebar-layout.tsx').then((m) => ({ default: m.SidebarLayout })),
);

/** Spec "Layout": the sidebar appears only while a user is signed in. */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();

  if (user) {
    return (
      // The signed-in toasts live in the shell's top band (sidebar-layout.tsx).
      <Suspense fallback={<FullPageSpinner />}>
        <SidebarLayout user={user}>{children}</SidebarLayout>
      </Suspense>
    );
  }
  return (
    <>
      <main id="main-content" tabIndex={-1} className="flex min-h-svh flex-col focus:outline-none">
        {children}
      </main>
      <Toaster placement="signed-out" />
    </>
  );
}
