import { useSyncExternalStore } from 'react';

/** How often "Updated 5 min ago", "Past Due" and the like refresh. */
const TICK_MS = 30_000;

let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    // The clock was stopped while nobody listened: catch up before the first tick.
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const getNow = () => now;

/**
 * The current time in ms, refreshed every 30 s by one shared timer, so "12 min ago" and "Past Due"
 * keep up on an open page. Only the component that reads it re-renders on a tick (the small
 * "Updated …" text), never the whole card.
 */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getNow, getNow);
}
