import { Toaster as SonnerToaster } from 'sonner';

/**
 * Spec point 9: one toast at a time, 5 s each, F8 jumps to the region, swipe right to dismiss.
 * Render once, in the app providers.
 */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
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
