import { useDeviceLostNotice } from '../hooks/use-device-lost-notice.ts';

/** The shell's watch for devices that gave up reconnecting (a toast on any screen). */
export function DeviceLostWatch() {
  useDeviceLostNotice();
  return null;
}
