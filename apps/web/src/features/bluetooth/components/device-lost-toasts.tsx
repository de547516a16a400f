import { Suspense, useContext, useSyncExternalStore } from 'react';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';
import { DeviceManagerContext, type DeviceManagerSlot } from '../lib/device-manager-slot.ts';

const DeviceLostWatch = lazyWithRetry(() =>
  import('./device-lost-watch.tsx').then((m) => ({ default: m.DeviceLostWatch })),
);

const EMPTY_SLOT: Pick<DeviceManagerSlot, 'subscribe' | 'hasManager'> = {
  subscribe: () => () => {},
  hasManager: () => false,
};

/**
 * Says so on whatever screen this browser shows when a device it holds gives up reconnecting
 * (use-device-lost-notice.ts). Mounted once, by the shell; its code loads once a screen has made the
 * device manager (DeviceManagerProvider), before any device could connect.
 */
export function DeviceLostToasts() {
  const slot = useContext(DeviceManagerContext) ?? EMPTY_SLOT;
  const isLoaded = useSyncExternalStore(slot.subscribe, slot.hasManager);
  if (!isLoaded) return null;
  return (
    <Suspense fallback={null}>
      <DeviceLostWatch />
    </Suspense>
  );
}
