import { Suspense, useSyncExternalStore } from 'react';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';
import { deviceManagerPresence } from '../lib/device-manager-presence.ts';

const DeviceLostWatch = lazyWithRetry(() =>
  import('./device-lost-watch.tsx').then((m) => ({ default: m.DeviceLostWatch })),
);

/**
 * Says so on whatever screen this browser shows when a device it holds gives up reconnecting
 * (use-device-lost-notice.ts). Mounted once, by the shell; its code loads with the device manager's,
 * which is already in the page by then, before any device could connect.
 */
export function DeviceLostToasts() {
  const isLoaded = useSyncExternalStore(deviceManagerPresence.subscribe, deviceManagerPresence.isLoaded);
  if (!isLoaded) return null;
  return (
    <Suspense fallback={null}>
      <DeviceLostWatch />
    </Suspense>
  );
}
