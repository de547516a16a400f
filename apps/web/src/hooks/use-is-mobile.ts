import { useSyncExternalStore } from 'react';

/** Spec point 9: below this width the sidebar becomes an off-canvas drawer. */
export const MOBILE_BREAKPOINT_PX = 768;

/**
 * Below this width a docked, expanded sidebar (16rem) leaves the ward's cards too narrow: the sidebar
 * starts in icon mode there unless the person chose otherwise.
 */
export const WIDE_BREAKPOINT_PX = 1100;

/** Whether a media query matches, following changes (resizing, rotating a tablet). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** True while the viewport is narrower than 768 px. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
}

/** True while the viewport is at least 1100 px wide. */
export function useIsWide(): boolean {
  return useMediaQuery(`(min-width: ${WIDE_BREAKPOINT_PX}px)`);
}
