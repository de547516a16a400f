import type { User } from '@vigil/domain';
import { Menu } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet.tsx';
import { VigilLogo } from '@/components/vigil-logo.tsx';
import { useSidebar } from './sidebar-context.tsx';
import { SidebarNav } from './sidebar-nav.tsx';
import { SidebarUser } from './sidebar-user.tsx';

/**
 * Mobile (< 768 px): a top bar with a menu button that opens the sidebar as an 18rem drawer, and the
 * ward's alert button (`alerts`). It sits in the shell's sticky top band, above the offline banner and
 * the toasts.
 */
export function MobileNav({ user, alerts }: { user: User; alerts?: ReactNode }) {
  const { isMobileOpen, setMobileOpen } = useSidebar();
  const [location] = useLocation();
  const contentRef = useRef<HTMLDivElement>(null);

  // Any navigation (links, back button) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change by design.
  useEffect(() => {
    setMobileOpen(false);
  }, [location, setMobileOpen]);

  return (
    <Sheet open={isMobileOpen} onOpenChange={setMobileOpen}>
      <header className="relative flex h-14 items-center gap-3 border-b bg-sidebar/95 px-3 text-sidebar-foreground backdrop-blur">
        {/* As the dialog's trigger it gets aria-expanded/aria-controls and receives focus back on close. */}
        <SheetTrigger
          aria-label="Toggle sidebar"
          className="inline-flex size-10 items-center justify-center rounded-md transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Menu className="size-5" aria-hidden="true" />
        </SheetTrigger>
        <VigilLogo className="size-7" />
        <span className="font-semibold text-lg tracking-tight">Vigil</span>
        {alerts}
      </header>

      <SheetContent
        ref={contentRef}
        onOpenAutoFocus={(event) => {
          // Radix skips links and would land on Logout; start at the current page's entry instead.
          event.preventDefault();
          contentRef.current?.querySelector<HTMLElement>('nav [aria-current="page"], nav a')?.focus();
        }}
      >
        <div className="flex h-14 items-center gap-2 px-3">
          <VigilLogo />
          <SheetTitle className="font-semibold text-lg tracking-tight">Vigil</SheetTitle>
        </div>
        <SheetDescription className="sr-only">Main navigation</SheetDescription>
        <SidebarNav onNavigate={() => setMobileOpen(false)} />
        <SidebarUser username={user.username} />
      </SheetContent>
    </Sheet>
  );
}
