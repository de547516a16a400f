import { type ReactNode, useState } from 'react';
import {
  type BluetoothManager,
  DeviceManagerContext,
  DeviceManagerSlot,
} from '../lib/device-manager-slot.ts';

/**
 * Gives the signed-in app one device manager (the devices this browser holds keep sending while the
 * nurse moves between screens). Without `manager` the first screen that uses Bluetooth makes the real
 * one; a test passes a fake.
 */
export function DeviceManagerProvider({
  manager,
  children,
}: {
  manager?: BluetoothManager;
  children: ReactNode;
}) {
  const [slot] = useState(() => new DeviceManagerSlot(manager ?? null));
  return <DeviceManagerContext value={slot}>{children}</DeviceManagerContext>;
}
