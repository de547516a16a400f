import { type RefObject, useEffect, useState } from 'react';

export interface ScrollHint {
  /** Content lies hidden before the visible part (scrolled along). */
  canScrollStart: boolean;
  /** Content lies hidden after it: the row overflows and is not scrolled to its end. */
  canScrollEnd: boolean;
}

const NONE: ScrollHint = { canScrollStart: false, canScrollEnd: false };

/** Which sides of an element scrolling sideways hide content, kept as it scrolls and resizes. */
export function scrollHintOf(
  el: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>,
): ScrollHint {
  const hidden = el.scrollWidth - el.clientWidth;
  if (hidden <= 1) return NONE;
  return { canScrollStart: el.scrollLeft > 1, canScrollEnd: el.scrollLeft < hidden - 1 };
}

/**
 * Whether a row that scrolls sideways has more to see on either side, so the screen can say so
 * (a row of filter chips on a phone, cut at the edge, reads as complete otherwise).
 */
export function useScrollHint(ref: RefObject<HTMLElement | null>): ScrollHint {
  const [hint, setHint] = useState<ScrollHint>(NONE);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () =>
      setHint((previous) => {
        const next = scrollHintOf(el);
        return previous.canScrollStart === next.canScrollStart && previous.canScrollEnd === next.canScrollEnd
          ? previous
          : next;
      });
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    for (const child of Array.from(el.children)) observer?.observe(child);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
  return hint;
}
