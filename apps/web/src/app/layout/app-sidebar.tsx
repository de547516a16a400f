import type { User } from '@vigil/domain';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip.tsx';
import { VigilLogo } from '@/components/vigil-logo.tsx';
import { cn } from '@/lib/utils.ts';
import { useSidebar } from './sidebar-context.tsx';
import { SidebarNav } from './sidebar-nav.tsx';
import { SidebarUser } from './sidebar-user.tsx';

export const SIDEBAR_ID = 'app-sidebar';

/** Desktop sidebar (≥ 768 px): 16rem expanded, 3rem icon mode. */
export function AppSidebar({ user }: { user: User }) {
  const { isExpanded, toggleSidebar } = useSidebar();
  const isCollapsed = !isExpanded;
  const ToggleIcon = isExpanded ? PanelLeftClose : PanelLeftOpen;

  return (
    <aside
      id={SIDEBAR_ID}
      aria-label="Sidebar"
      data-state={isExpanded ? 'expanded' : 'collapsed'}
      className={cn(
        // Below the shell's top band (offline banner, toasts), whose height varies.
        'sticky top-(--top-band-height) flex h-[calc(100svh-var(--top-band-height))] shrink-0 flex-col overflow-hidden border-sidebar-border border-r bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-out',
        isExpanded ? 'w-(--sidebar-width)' : 'w-(--sidebar-width-icon)',
      )}
    >
      <div className={cn('flex items-center gap-2 p-2', isCollapsed ? 'flex-col' : 'h-14 px-3')}>
        <VigilLogo />
        <span className={cn('flex-1 font-semibold text-lg tracking-tight', isCollapsed && 'sr-only')}>
          Vigil
        </span>
        <Tooltip>
          <TooltipTrigger asChild>
            <button
              type="button"
              aria-label="Toggle sidebar"
              aria-expanded={isExpanded}
              aria-controls={SIDEBAR_ID}
              onClick={toggleSidebar}
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <ToggleIcon className="size-[18px]" aria-hidden="true" />
            </button>
          </TooltipTrigger>
          <TooltipContent side="right">
            {isExpanded ? 'Collapse sidebar' : 'Expand sidebar'}{' '}
            <kbd className="ml-1 font-sans opacity-70">Ctrl B</kbd>
          </TooltipContent>
        </Tooltip>
      </div>
      <SidebarNav isCollapsed={isCollapsed} />
      <SidebarUser username={user.username} isCollapsed={isCollapsed} />
    </aside>
  );
}
