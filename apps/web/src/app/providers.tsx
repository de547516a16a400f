import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DeviceManagerProvider } from '@/features/bluetooth/components/device-manager-provider.tsx';
import { queryClient } from '@/lib/query-client.ts';
import { AppErrorBoundary } from './app-error-boundary.tsx';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {/* The Bluetooth devices this browser holds, for every signed-in screen. */}
        <DeviceManagerProvider>
          {/* The Toaster is placed by the app shell, which knows what the screen has where. */}
          {children}
        </DeviceManagerProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
