import { Toaster as SonnerToaster } from 'sonner';

/**
 * Where toasts appear, so that they hide nothing a nurse needs:
 * - signed in: bottom centre, lifted above the lane of the floating buttons (Medication Reminders
 *   bottom left, Emergency Contacts bottom right: 4.75rem with their margin), clear of the header's
 *   actions at the top; while a toast shows, the page's scroll padding grows by its height
 *   (index.css), so whatever is scrolled into view stops above it;
 * - signed out: top centre, over the sign-in screen's heading, never over its form and "Sign in"
 *   (on a phone the form fills the lower half of the screen).
 */
const SIGNED_IN_OFFSET = { bottom: '5.5rem' };

/**
 * Spec point 9: one toast at a time, 5 s each, F8 jumps to the region, swipe right to dismiss.
 * Rendered once, by the app shell.
 */
export function Toaster({ placement }: { placement: 'signed-in' | 'signed-out' }) {
  const isSignedIn = placement === 'signed-in';
  return (
    <SonnerToaster
      position={isSignedIn ? 'bottom-center' : 'top-center'}
      offset={isSignedIn ? SIGNED_IN_OFFSET : undefined}
      mobileOffset={isSignedIn ? SIGNED_IN_OFFSET : undefined}
      theme="system"
      visibleToasts={1}
      duration={5000}
      hotkey={['F8']}
      swipeDirections={['right']}
      richColors
      closeButton
    />
  );
}
