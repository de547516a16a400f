import { useSyncExternalStore } from 'react';
import type { LocalDevice } from '../lib/device-manager.ts';
import { useDeviceManager } from './use-device-manager.ts';

/** The devices this browser holds, live. */
export function useLocalDevices(): LocalDevice[] {
  const manager = useDeviceManager();
  return useSyncExternalStore(manager.subscribe, manager.getSnapshot);
}
