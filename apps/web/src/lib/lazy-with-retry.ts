import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { isServerReachable } from './api-client.ts';

export interface ImportRetryOptions {
  isServerReachable(): Promise<boolean>;
  wait(ms: number): Promise<void>;
  /** After a failed attempt, before the next (the browser: fetch failed stylesheets again). */
  beforeRetry(): void;
}

/** Between attempts while the server is away: 1 s, doubling, at most 30 s. */
export const chunkRetryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * A stylesheet that failed to load (its `sheet` stays null) is put back, so the browser fetches it
 * again: Vite's preloader does not retry a chunk's CSS once it failed.
 */
function refetchFailedStylesheets() {
  for (const link of Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))) {
    if (link.sheet) continue;
    const again = link.cloneNode() as HTMLLinkElement;
    link.replaceWith(again);
  }
}

const browserOptions: ImportRetryOptions = {
  isServerReachable,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  beforeRetry: refetchFailedStylesheets,
};

/**
 * Loads a code chunk, and while the server cannot be reached (a restart, the network gone) keeps
 * trying instead of failing: the screen keeps its loading state meanwhile and carries on when the
 * server is back, rather than falling to "Something went wrong" in the middle of an outage. A chunk
 * that a reachable server does not have (a new version was deployed) fails at once, so the error
 * screen offers a reload.
 */
export async function importWithRetry<T>(load: () => Promise<T>, options = browserOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (await options.isServerReachable()) throw error;
      await options.wait(chunkRetryDelay(attempt));
      options.beforeRetry();
    }
  }
}

/** A lazy component whose chunk can be asked for before it first renders. */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's own, for any component's props.
export type PreloadableLazy<T extends ComponentType<any>> = LazyExoticComponent<T> & {
  /** Starts loading the chunk now; once loaded, the component's first render does not suspend. */
  preload(): Promise<void>;
};

/**
 * React.lazy for a chunk that may be needed during an outage (see importWithRetry). Its `preload`
 * fetches the chunk ahead of the render: a component whose chunk is in by its first render draws at
 * once, without a Suspense fallback in between (React reveals content that follows a fallback
 * up to 300 ms late, to batch reveals).
 */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's own, for any component's props.
export function lazyWithRetry<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): PreloadableLazy<T> {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const start = () => {
    loading ??= importWithRetry(load).then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // A failed preload does not stay failed: the render tries (and reports) again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const component = lazy(() =>
    loaded
      ? // biome-ignore lint/suspicious/noThenProperty: a thenable that calls back at once is what lets React.lazy render a loaded module without suspending.
        ({ then: (resolve: (module: { default: T }) => void) => resolve(loaded!) } as Promise<{ default: T }>)
      : start(),
  );
  return Object.assign(component, {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}
