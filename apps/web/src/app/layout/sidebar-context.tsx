import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useIsMobile, useIsWide } from '@/hooks/use-is-mobile.ts';
import { parseSidebarCookie, serializeSidebarCookie } from './sidebar-cookie.ts';

export type SidebarContextValue = {
  /**
   * Desktop: expanded (16rem) or icon mode (3rem). The person's choice is kept in the `sidebar_state`
   * cookie; without one, icon mode below 1100 px and expanded from there.
   */
  isExpanded: boolean;
  setExpanded: (isExpanded: boolean) => void;
  /** Mobile (< 768 px): whether the off-canvas drawer is open. Not persisted. */
  isMobileOpen: boolean;
  setMobileOpen: (isOpen: boolean) => void;
  isMobile: boolean;
  /** Toggles whichever form the sidebar currently has. */
  toggleSidebar: () => void;
};

const SidebarContext = createContext<SidebarContextValue | null>(null);

function readChoice(): boolean | null {
  if (typeof document === 'undefined') return null;
  return parseSidebarCookie(document.cookie);
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const isWide = useIsWide();
  // Between 768 and 1100 px the expanded sidebar would leave ~500 px for two columns of cards.
  const [choice, setChoice] = useState(readChoice);
  const isExpanded = choice ?? isWide;
  const [isMobileOpen, setMobileOpen] = useState(false);

  const setExpanded = useCallback((next: boolean) => {
    setChoice(next);
    // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps this UI preference in a plain cookie.
    document.cookie = serializeSidebarCookie(next);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setMobileOpen((open) => !open);
    else setExpanded(!isExpanded);
  }, [isMobile, isExpanded, setExpanded]);

  // Spec point 2: Ctrl or Meta + B toggles the sidebar from anywhere.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'b') {
        event.preventDefault();
        toggleSidebar();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  // A drawer left open while the window widens would trap focus behind an invisible overlay.
  useEffect(() => {
    if (!isMobile) setMobileOpen(false);
  }, [isMobile]);

  const value = useMemo(
    () => ({ isExpanded, setExpanded, isMobileOpen, setMobileOpen, isMobile, toggleSidebar }),
    [isExpanded, setExpanded, isMobileOpen, isMobile, toggleSidebar],
  );

  return <SidebarContext value={value}>{children}</SidebarContext>;
}

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider');
  return context;
}
