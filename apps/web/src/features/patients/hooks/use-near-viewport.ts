import { startTransition, useCallback, useState } from 'react';

let observer: IntersectionObserver | undefined;

/**
 * Whether an element has come within a viewport's height of the screen (and stays so once it has),
 * with the ref that watches it: one observer for every card, so a card far down is drawn in full
 * before scrolling brings it into view. The change is a transition: scrolling and typing come first.
 */
export function useNearViewport(): [boolean, (element: Element | null) => (() => void) | undefined] {
  const [isNear, setNear] = useState(false);
  const ref = useCallback((element: Element | null) => {
    if (!element) return undefined;
    observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          (entry.target as Element & { onNear?: () => void }).onNear?.();
        }
      },
      { rootMargin: '100% 0px' },
    );
    const target = element as Element & { onNear?: () => void };
    target.onNear = () => startTransition(() => setNear(true));
    observer.observe(element);
    return () => {
      target.onNear = undefined;
      observer?.unobserve(element);
    };
  }, []);
  return [isNear, ref];
}
