/** Web Bluetooth is there: a supporting browser, in a secure context (spec point 5). */
export function isWebBluetoothSupported(): boolean {
  return typeof navigator !== 'undefined' && 'bluetooth' in navigator && navigator.bluetooth !== undefined;
}
