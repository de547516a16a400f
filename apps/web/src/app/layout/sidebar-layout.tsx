import type { User } from '@vigil/domain';
import { lazy, type ReactNode, Suspense } from 'react';
import { TooltipProvider } from '@/components/ui/tooltip.tsx';
import { LiveEventsProvider } from '@/features/events/hooks/use-live-events.tsx';
import { AppSidebar } from './app-sidebar.tsx';
import { SidebarProvider, useSidebar } from './sidebar-context.tsx';

// The drawer (a dialog) is only for screens under 768 px: desktops never download it.
const MobileNav = lazy(() => import('./mobile-nav.tsx').then((m) => ({ default: m.MobileNav })));

function SidebarFrame({ user, children }: { user: User; children: ReactNode }) {
  const { isMobile } = useSidebar();

  return (
    <div className={isMobile ? 'flex min-h-svh flex-col' : 'flex min-h-svh'}>
      <a
        href="#main-content"
        className="sr-only z-[100] rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      {isMobile ? (
        <Suspense fallback={<div className="h-14 border-b bg-sidebar" />}>
          <MobileNav user={user} />
        </Suspense>
      ) : (
        <AppSidebar user={user} />
      )}
      <main id="main-content" tabIndex={-1} className="flex min-w-0 flex-1 flex-col focus:outline-none">
        {children}
      </main>
    </div>
  );
}

/**
 * The signed-in shell: sidebar (or mobile drawer) beside the page. It also hosts the one
 * TooltipProvider, so tooltips work on every signed-in screen, and the one live event stream.
 */
export function SidebarLayout({ user, children }: { user: User; children: ReactNode }) {
  const frame = (
    <SidebarProvider>
      <SidebarFrame user={user}>{children}</SidebarFrame>
    </SidebarProvider>
  );
  // Live events carry patient data: only for a role that may read patients (not an auditor).
  return (
    <TooltipProvider>
      {user.permissions.includes('patients:read') ? <LiveEventsProvider>{frame}</LiveEventsProvider> : frame}
    </TooltipProvider>
  );
}
