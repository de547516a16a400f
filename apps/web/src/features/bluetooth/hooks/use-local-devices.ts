import { useSyncExternalStore } from 'react';
import { deviceManager, type LocalDevice } from '../lib/device-manager.ts';

/** The devices this browser holds, live. */
export function useLocalDevices(): LocalDevice[] {
  return useSyncExternalStore(deviceManager.subscribe, deviceManager.getSnapshot);
}
