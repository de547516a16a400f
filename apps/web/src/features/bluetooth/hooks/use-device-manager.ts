import { useContext, useEffect } from 'react';
import { DeviceManager } from '../lib/device-manager.ts';
import { type BluetoothManager, DeviceManagerContext } from '../lib/device-manager-slot.ts';

/** The page's device manager, from DeviceManagerProvider; made here the first time a screen needs it. */
export function useDeviceManager(): BluetoothManager {
  const slot = useContext(DeviceManagerContext);
  if (!slot) throw new Error('useDeviceManager needs a DeviceManagerProvider above it');
  const manager = slot.obtain(() => new DeviceManager());
  useEffect(() => slot.announce(), [slot]);
  return manager;
}
