import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';
import { preloadToasts, toastState } from '@/lib/toast.ts';

const SonnerToaster = lazyWithRetry(() => preloadToasts().then((m) => ({ default: m.Toaster })));

/**
 * The toast's distance from the bottom of the window (index.css sets it): clear of the record's
 * floating buttons where they are, so a toast never lies over "Medication Reminders".
 */
const BOTTOM = { bottom: 'var(--toast-offset-bottom)' };
const MOBILE = { bottom: 'var(--toast-offset-bottom)', left: '0.5rem', right: '0.5rem' };

/**
 * Spec point 9: one toast at a time, 5 s each, F8 jumps to the region, swipe right to dismiss.
 * A toast floats over the page and never moves it (decision 033): a nurse reaching for
 * "Acknowledge" or a card must not see it jump as a toast comes and goes.
 * - signed in: bottom centre, above the record's floating buttons, far from the alert bar and the
 *   page's header and actions at the top; the close button and swipe dismiss it early;
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

  const isSignedIn = placement === 'signed-in';
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position={isSignedIn ? 'bottom-center' : 'top-center'}
        {...(isSignedIn ? { offset: BOTTOM, mobileOffset: MOBILE } : {})}
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
}
