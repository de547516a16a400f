import { useEffect } from 'react';
import { toastInfo } from '@/lib/toast.ts';
import { BLUETOOTH_MESSAGES } from '../lib/bluetooth-errors.ts';
import { isWebBluetoothSupported } from '../lib/bluetooth-support.ts';

/**
 * Spec point 8, "Bluetooth Limited" (default variant, 5 s: the toasts' default): Web Bluetooth exists but the browser says
 * no adapter can be used, or asking fails.
 */
export function useBluetoothLimitedToast() {
  useEffect(() => {
    if (!isWebBluetoothSupported() || typeof navigator.bluetooth.getAvailability !== 'function') return;
    let isActive = true;
    navigator.bluetooth
      .getAvailability()
      .then((isAvailable) => isAvailable)
      .catch(() => false)
      .then((isAvailable) => {
        if (isActive && !isAvailable) toastInfo('Bluetooth Limited', BLUETOOTH_MESSAGES.limited);
      });
    return () => {
      isActive = false;
    };
  }, []);
}
