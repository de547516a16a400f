import { type KeyboardEvent, useEffect, useId, useRef } from 'react';

/**
 * Wiring of a non-modal floating panel and its toggle button: ids for aria-controls/labelledby,
 * focus into the panel when it opens, Escape to close, and focus back on the button after closing.
 */
export function useFloatingPanel(isOpen: boolean, onClose: () => void) {
  const baseId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(isOpen);

  useEffect(() => {
    if (isOpen && !wasOpen.current) panelRef.current?.focus();
    // Focus that was inside the panel falls to <body> when it unmounts: hand it back to the button.
    if (!isOpen && wasOpen.current && (!document.activeElement || document.activeElement === document.body)) {
      buttonRef.current?.focus();
    }
    wasOpen.current = isOpen;
  }, [isOpen]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isOpen) return;
    event.stopPropagation();
    buttonRef.current?.focus();
    onClose();
  };

  return { panelId: `${baseId}-panel`, titleId: `${baseId}-title`, panelRef, buttonRef, onKeyDown };
}
