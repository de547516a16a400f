import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip.tsx';
import { cn } from '@/lib/utils.ts';

type SidebarUserProps = { username: string; isCollapsed?: boolean };

/** Sidebar footer: "Logged in as" and the username; an initial with a tooltip in icon mode. */
export function SidebarUser({ username, isCollapsed = false }: SidebarUserProps) {
  const avatar = (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-sm uppercase"
    >
      {username.charAt(0)}
    </span>
  );

  return (
    <div
      className={cn(
        'flex items-center gap-3 border-sidebar-border border-t p-2',
        !isCollapsed && 'px-3 py-3',
      )}
    >
      {isCollapsed ? (
        <Tooltip>
          <TooltipTrigger asChild>
            <span className="flex">{avatar}</span>
          </TooltipTrigger>
          <TooltipContent side="right">Logged in as {username}</TooltipContent>
        </Tooltip>
      ) : (
        avatar
      )}
      <div className={isCollapsed ? 'sr-only' : 'flex min-w-0 flex-col'}>
        <span className="text-muted-foreground text-xs">Logged in as</span>
        <span className="truncate font-medium text-sm" title={username}>
          {username}
        </span>
      </div>
    </div>
  );
}
