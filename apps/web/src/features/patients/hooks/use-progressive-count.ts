import { useEffect, useState } from 'react';

/** Cards rendered at once: enough to fill a large screen. */
const FIRST = 24;
/** Cards added per frame after that. */
const STEP = 48;

/**
 * How many of `total` items to render now. The first screenful renders at once and the rest follows
 * in chunks, one per frame, so a 500-patient ward paints its first cards quickly and the page stays
 * responsive while the rest arrives. Starts over when `list` changes (a new filter or search).
 */
export function useProgressiveCount(total: number, list: unknown): number {
  const [state, setState] = useState({ list, count: FIRST });
  // Reset during render (not in an effect) so a new list never renders in full first.
  const current = state.list === list ? state : { list, count: FIRST };
  if (current !== state) setState(current);

  useEffect(() => {
    if (current.count >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the next paint, then grow: each chunk gets a frame of its own.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setState((s) => (s.list === list ? { list, count: s.count + STEP } : s)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [current.count, total, list]);

  return Math.min(current.count, total);
}
