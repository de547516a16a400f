import type { Permission } from '@vigil/domain';
import {
  BedDouble,
  BellRing,
  Bluetooth,
  ClipboardCheck,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  ScrollText,
  ShieldCheck,
  Siren,
  UserCog,
  Users,
} from 'lucide-react';
import { type ReactElement, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip.tsx';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';
import { cn } from '@/lib/utils.ts';
import { isNavItemActive, type NavItemId } from './nav-active.ts';

// Administrators only, and after the page: the count of accounts waiting is not urgent (it is
// polled each minute), so its code and its request never weigh on a screen's first load.
const PendingAccountsBadge = lazyWithRetry(() =>
  import('@/features/auth/components/pending-accounts-badge.tsx').then((m) => ({
    default: m.PendingAccountsBadge,
  })),
);
const PENDING_BADGE_DELAY_MS = 5_000;

function LaterPendingAccountsBadge({ isCompact }: { isCompact: boolean }) {
  const [isDue, setDue] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), PENDING_BADGE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!isDue) return null;
  return (
    <Suspense fallback={null}>
      <PendingAccountsBadge isCompact={isCompact} />
    </Suspense>
  );
}

type NavItem = { id: NavItemId; label: string; href: string; icon: LucideIcon; permission: Permission };

/** Each entry shows only for a role holding its permission. */
const NAV_ITEMS: NavItem[] = [
  { id: 'dashboard', label: 'Dashboard', href: '/', icon: LayoutDashboard, permission: 'patients:read' },
  { id: 'patients', label: 'Patients', href: '/', icon: Users, permission: 'patients:read' },
  { id: 'ward', label: 'Ward board', href: '/ward', icon: BedDouble, permission: 'patients:read' },
  { id: 'alerts', label: 'Alerts', href: '/alerts', icon: BellRing, permission: 'patients:read' },
  { id: 'outreach', label: 'Outreach', href: '/outreach', icon: Siren, permission: 'outreach:read' },
  {
    id: 'handover',
    label: 'Handover',
    href: '/handover',
    icon: ClipboardCheck,
    permission: 'handover:write',
  },
  {
    id: 'bluetooth-manager',
    label: 'Bluetooth Manager',
    href: '/bluetooth-manager',
    icon: Bluetooth,
    permission: 'devices:manage',
  },
  { id: 'audit', label: 'Audit trail', href: '/audit', icon: ScrollText, permission: 'audit:read' },
  { id: 'admin', label: 'Administration', href: '/admin', icon: ShieldCheck, permission: 'users:manage' },
  { id: 'account', label: 'Account', href: '/account', icon: UserCog, permission: 'account:self' },
];

const itemClass =
  'flex h-10 w-full items-center gap-3 rounded-md px-2.5 text-left font-medium text-sm text-sidebar-foreground transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring disabled:opacity-60 [&_svg]:size-[18px] [&_svg]:shrink-0';

const activeClass =
  'bg-sidebar-accent font-semibold text-sidebar-accent-foreground shadow-[inset_3px_0_0_var(--primary)]';

type SidebarNavProps = {
  /** Icon mode: labels become tooltips (still present for screen readers). */
  isCollapsed?: boolean;
  /** Called after a menu item is chosen, e.g. to close the mobile drawer. */
  onNavigate?: () => void;
};

function WithTooltip({ label, show, children }: { label: string; show: boolean; children: ReactElement }) {
  if (!show) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

/** The main menu: Dashboard, Patients, Bluetooth Manager, then Logout. */
export function SidebarNav({ isCollapsed = false, onNavigate }: SidebarNavProps) {
  const [location] = useLocation();
  const { logoutMutation, can } = useAuth();
  const labelClass = isCollapsed ? 'sr-only' : 'truncate';
  const shapeClass = isCollapsed ? 'justify-center px-0' : undefined;

  return (
    <nav aria-label="Main" className="flex flex-1 flex-col gap-1 overflow-y-auto p-2">
      <ul className="flex flex-col gap-1">
        {NAV_ITEMS.filter((item) => can(item.permission)).map(({ id, label, href, icon: Icon }) => {
          const isActive = isNavItemActive(id, location);
          return (
            <li key={id}>
              <WithTooltip label={label} show={isCollapsed}>
                <Link
                  href={href}
                  aria-current={isActive ? 'page' : undefined}
                  className={cn(itemClass, shapeClass, isActive && activeClass, id === 'admin' && 'relative')}
                  onClick={onNavigate}
                >
                  <Icon aria-hidden="true" />
                  <span className={labelClass}>{label}</span>
                  {id === 'admin' && <LaterPendingAccountsBadge isCompact={isCollapsed} />}
                </Link>
              </WithTooltip>
            </li>
          );
        })}
        <li className="mt-2 border-sidebar-border border-t pt-2">
          <WithTooltip label="Logout" show={isCollapsed}>
            <button
              type="button"
              className={cn(itemClass, shapeClass)}
              disabled={logoutMutation.isPending}
              onClick={() => logoutMutation.mutate()}
            >
              <LogOut aria-hidden="true" />
              <span className={labelClass}>Logout</span>
            </button>
          </WithTooltip>
        </li>
      </ul>
    </nav>
  );
}
