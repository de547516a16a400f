import { startTransition, useEffect, useState } from 'react';

/** Cards rendered at once: enough to fill a large screen. */
const FIRST = 24;

/**
 * How many of `total` items to render now. The first screenful renders at once, so a 500-patient
 * ward paints its first cards quickly, and the rest follows in one step after that paint: the cards
 * skip layout and paint while off screen (content-visibility), so what is left is creating them, and
 * one step does that sooner than a chunk per frame, which paid a frame's wait and a pass over the
 * growing grid each time. The step is a transition, so React renders it in slices and a key or a
 * click during it is answered first. Starts over when `list` changes (a new filter or search).
 */
export function useProgressiveCount(total: number, list: unknown): number {
  const [state, setState] = useState({ list, count: FIRST });
  // Reset during render (not in an effect) so a new list never renders in full first.
  const current = state.list === list ? state : { list, count: FIRST };
  if (current !== state) setState(current);

  useEffect(() => {
    if (current.count >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the first screen has painted, the rest.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(
        () => startTransition(() => setState((s) => (s.list === list ? { list, count: total } : s))),
        0,
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [current.count, total, list]);

  return Math.min(current.count, total);
}
