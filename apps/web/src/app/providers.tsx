import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@/lib/query-client.ts';
import { AppErrorBoundary } from './app-error-boundary.tsx';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {/* The Toaster is placed by the app shell, which knows what the screen has where. */}
        {children}
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
