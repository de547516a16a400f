import { type RefObject, useEffect, useState } from 'react';

type Callback = () => void;

/** One IntersectionObserver per margin for all cards: 500 cards must not mean 500 observers. */
const observers = new Map<string, { observer: IntersectionObserver; callbacks: Map<Element, Callback> }>();

function observe(element: Element, rootMargin: string, onNear: Callback): () => void {
  let entry = observers.get(rootMargin);
  if (!entry) {
    const callbacks = new Map<Element, Callback>();
    const observer = new IntersectionObserver(
      (changes) => {
        for (const change of changes) {
          if (!change.isIntersecting) continue;
          callbacks.get(change.target)?.();
          callbacks.delete(change.target);
          observer.unobserve(change.target);
        }
      },
      { rootMargin },
    );
    entry = { observer, callbacks };
    observers.set(rootMargin, entry);
  }
  const { observer, callbacks } = entry;
  callbacks.set(element, onNear);
  observer.observe(element);
  return () => {
    callbacks.delete(element);
    observer.unobserve(element);
  };
}

/**
 * True once the element has come within `rootMargin` of the viewport, and stays true. Cards use it to
 * start their analysis request only when a nurse can see them, so a 500-patient ward does not fire
 * 500 requests on load.
 */
export function useHasBeenNearViewport(ref: RefObject<Element | null>, rootMargin = '300px'): boolean {
  const [isNear, setIsNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setIsNear(true);
      return;
    }
    return observe(element, rootMargin, () => setIsNear(true));
  }, [ref, rootMargin, isNear]);

  return isNear;
}
