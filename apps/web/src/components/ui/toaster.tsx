import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';
import { preloadToasts, toastState } from '@/lib/toast.ts';

const SonnerToaster = lazyWithRetry(() => preloadToasts().then((m) => ({ default: m.Toaster })));

/**
 * Spec point 9: one toast at a time, 5 s each, F8 jumps to the region, swipe right to dismiss.
 * Where toasts appear, so that they hide nothing a nurse needs:
 * - signed in: in the shell's top band, in the flow of the page (index.css turns sonner's floating
 *   list into a block there), so a toast pushes the page down by its own height instead of covering
 *   a vital sign, a control or a label, at any width (decision 022);
 * - signed out: top centre, over the sign-in screen's heading, never over its form and "Sign in"
 *   (on a phone the form fills the lower half of the screen).
 * The one-at-a-time rule itself is kept by lib/toast.ts (a new toast replaces the one shown);
 * `visibleToasts` is its second line. sonner's code arrives with the first toast (lib/toast.ts), or
 * once the person first presses a key or a pointer, whichever is sooner.
 */
export function Toaster({ placement }: { placement: 'signed-in' | 'signed-out' }) {
  const hasToasted = useSyncExternalStore(toastState.subscribe, toastState.hasToasted);
  useEffect(() => {
    const preload = () => void preloadToasts();
    const options = { once: true, capture: true, passive: true } as const;
    document.addEventListener('pointerdown', preload, options);
    document.addEventListener('keydown', preload, options);
    return () => {
      document.removeEventListener('pointerdown', preload, options);
      document.removeEventListener('keydown', preload, options);
    };
  }, []);
  if (!hasToasted) return null;

  const toaster = (
    <Suspense fallback={null}>
      <SonnerToaster
        position="top-center"
        theme="system"
        visibleToasts={1}
        duration={5000}
        hotkey={['F8']}
        swipeDirections={['right']}
        richColors
        closeButton
      />
    </Suspense>
  );
  return placement === 'signed-in' ? <div data-toast-lane="">{toaster}</div> : toaster;
}
