import { type RefObject, useLayoutEffect } from 'react';

/**
 * Keeps a CSS custom property on the document (e.g. `--top-lane-height`) equal to the element's
 * height, so what is laid out around a sticky band of varying height (the sidebar below it, the
 * scroll padding that keeps focused controls out from under it) follows it.
 */
export function useHeightVariable(ref: RefObject<HTMLElement | null>, name: `--${string}`): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(name, `${element.getBoundingClientRect().height}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(name);
    };
  }, [ref, name]);
}
