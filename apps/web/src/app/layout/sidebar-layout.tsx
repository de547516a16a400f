import type { User } from '@vigil/domain';
import { type ReactNode, Suspense, useRef } from 'react';
import { Toaster } from '@/components/ui/toaster.tsx';
import { DeviceLostToasts } from '@/features/bluetooth/components/device-lost-toasts.tsx';
import { LiveStatusBanner } from '@/features/events/components/live-status-banner.tsx';
import { LiveEventsProvider, useLiveConnection } from '@/features/events/hooks/use-live-events.tsx';
import { isLiveDown } from '@/features/events/lib/live-notice.ts';
import { useHeightVariable } from '@/hooks/use-height-variable.ts';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';
import { AppSidebar } from './app-sidebar.tsx';
import { ShellAlertAlarms, ShellAlertBar, ShellAlertBarButton } from './shell-alerts.tsx';
import { SidebarProvider, useSidebar } from './sidebar-context.tsx';

// The drawer (a dialog) is only for screens under 768 px: desktops never download it.
const MobileNav = lazyWithRetry(() => import('./mobile-nav.tsx').then((m) => ({ default: m.MobileNav })));

/**
 * The band at the top of every signed-in screen, across its whole width: the phone's top bar (with
 * the phone's alert button) and the offline banner. It is sticky and in the flow of the page, so the
 * banner makes room for itself instead of covering a vital sign, a control or a label (decision
 * 022). The one toast floats over the page instead, moving nothing (decision 033).
 */
const canAcknowledge = (user: User) => user.permissions.includes('alerts:acknowledge');

function TopBand({ user, isMobile }: { user: User; isMobile: boolean }) {
  const hasLiveEvents = user.permissions.includes('patients:read');
  const ref = useRef<HTMLDivElement>(null);
  useHeightVariable(ref, '--top-band-height');
  return (
    <div ref={ref} data-top-band="" className="sticky top-0 z-40 bg-background">
      {isMobile && (
        <Suspense fallback={<div className="h-14 border-b bg-sidebar" />}>
          <MobileNav
            user={user}
            alerts={
              hasLiveEvents && <ShellAlertBarButton canAcknowledge={canAcknowledge(user)} userId={user.id} />
            }
          />
        </Suspense>
      )}
      {hasLiveEvents && <LiveStatusBanner />}
    </div>
  );
}

function SidebarFrame({ user, children }: { user: User; children: ReactNode }) {
  const { isMobile } = useSidebar();
  // Vital signs on every screen read as not live while the stream is down (index.css).
  const isDown = isLiveDown(useLiveConnection());
  const hasLiveEvents = user.permissions.includes('patients:read');

  return (
    <div className="flex min-h-svh flex-col" data-live-state={isDown ? 'offline' : 'live'}>
      <a
        href="#main-content"
        className="sr-only z-[100] rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <TopBand user={user} isMobile={isMobile} />
      <div className={isMobile ? 'flex flex-1 flex-col' : 'flex flex-1'}>
        {!isMobile && <AppSidebar user={user} />}
        <main id="main-content" tabIndex={-1} className="flex min-w-0 flex-1 flex-col focus:outline-none">
          {/* The ward's active alerts lead every page (in its flow); a phone has them in its top bar. */}
          {hasLiveEvents && !isMobile && (
            <ShellAlertBar canAcknowledge={canAcknowledge(user)} userId={user.id} />
          )}
          {children}
        </main>
        {hasLiveEvents && <ShellAlertAlarms role={user.role} />}
      </div>
      <DeviceLostToasts />
      <Toaster placement="signed-in" />
    </div>
  );
}

/**
 * The signed-in shell: the top band, the sidebar (or mobile drawer) beside the page. It also hosts
 * the one live event stream.
 */
export function SidebarLayout({ user, children }: { user: User; children: ReactNode }) {
  const frame = (
    <SidebarProvider>
      <SidebarFrame user={user}>{children}</SidebarFrame>
    </SidebarProvider>
  );
  // Live events carry patient data: only for a role that may read patients (not an auditor).
  return user.permissions.includes('patients:read') ? (
    <LiveEventsProvider>{frame}</LiveEventsProvider>
  ) : (
    frame
  );
}
