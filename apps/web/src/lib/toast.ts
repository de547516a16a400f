import type { ExternalToast } from 'sonner';
import { importWithRetry } from './lazy-with-retry.ts';

/**
 * sonner is loaded with the first toast, not with the first page: most screens open without one, and
 * its code is a tenth of the sign-in page's. The Toaster (components/ui/toaster.tsx) mounts once
 * `hasToasted` turns true; sonner shows a toast made before its Toaster subscribed when it does.
 */
let sonner: Promise<typeof import('sonner')> | undefined;
let hasToasted = false;
const listeners = new Set<() => void>();

export const toastState = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  hasToasted: () => hasToasted,
};

/**
 * Fetches sonner ahead of a toast, e.g. once a person starts using the page, so that a toast made
 * while the server cannot be reached (sign-in failed: no network) does not wait for it to return.
 */
export function preloadToasts(): Promise<typeof import('sonner')> {
  sonner ??= importWithRetry(() => import('sonner'));
  return sonner;
}

function loadSonner(): Promise<typeof import('sonner')> {
  const loading = preloadToasts();
  if (!hasToasted) {
    hasToasted = true;
    for (const listener of listeners) listener();
  }
  return loading;
}

/**
 * Every feature toasts through these so titles, descriptions and colours stay uniform, and so the
 * spec's TOAST_LIMIT of 1 holds (point 9): a new toast replaces the one on screen instead of
 * stacking under it, or waiting hidden behind it and expiring unseen. Toasts made while sonner
 * loads keep their order (each waits on the same promise).
 */
function show(kind: 'error' | 'success' | 'default', title: string, options: ExternalToast): void {
  void loadSonner().then(({ toast }) => {
    toast.dismiss();
    if (kind === 'default') toast(title, options);
    else toast[kind](title, options);
  });
}

export function toastError(title: string, description?: string): void {
  show('error', title, { description });
}

export function toastSuccess(title: string, description?: string): void {
  show('success', title, { description });
}

/** A neutral notice (work under way, e.g. "Refreshing Data"). */
export function toastInfo(title: string, description?: string): void {
  show('default', title, { description });
}
