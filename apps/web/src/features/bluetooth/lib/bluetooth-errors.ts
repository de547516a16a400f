/** Spec point 8, "Bluetooth": the texts a nurse reads when a device cannot be connected or read. */
export const BLUETOOTH_MESSAGES = {
  unsupported:
    'This browser does not support Bluetooth connections. Please use Chrome, Edge, or another compatible browser.',
  unsupportedPatientPage:
    'Web Bluetooth is not supported by your browser. Please use Chrome, Edge, or another compatible browser.',
  cancelled: "Device selection was cancelled. Please try again when you're ready to connect.",
  noDevice:
    'No compatible health monitoring device was selected. Please ensure your device is powered on and try again.',
  insecure: "Bluetooth connectivity requires a secure connection. Please ensure you're using HTTPS.",
  notConnected: 'Device not connected. Please connect first.',
  gattCancelled: 'Connection was cancelled.',
  gattTimedOut: 'Connection timed out. Please ensure the device is nearby and try again.',
  gattOutOfRange: 'Device disconnected or went out of range. Please bring it closer and try again.',
  gattFailed: "Failed to connect to device. Please ensure it's a compatible health monitor and try again.",
  selectPatient: 'Please select a patient first',
  limited:
    'Bluetooth functionality may be limited in this environment. Some features will use simulation mode.',
} as const;

/** A failure with a message already worded for the nurse. */
export class BluetoothError extends Error {
  override readonly name = 'BluetoothError';
}

/** A GATT connect attempt that did not finish in time. */
export class GattTimeoutError extends Error {
  override readonly name = 'GattTimeoutError';
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const nameOf = (error: unknown) =>
  error && typeof error === 'object' && 'name' in error ? String(error.name) : '';

/**
 * The message for a failed `requestDevice()`: the chooser cancelled, no device (NotFoundError, e.g. no
 * adapter), an insecure context (SecurityError), anything else as "Failed to connect: <reason>".
 */
export function requestDeviceErrorMessage(error: unknown): string {
  if (error instanceof BluetoothError) return error.message;
  const name = nameOf(error);
  if (name === 'NotFoundError') {
    return /cancel/i.test(reasonOf(error)) ? BLUETOOTH_MESSAGES.cancelled : BLUETOOTH_MESSAGES.noDevice;
  }
  if (name === 'AbortError') return BLUETOOTH_MESSAGES.cancelled;
  if (name === 'SecurityError') return BLUETOOTH_MESSAGES.insecure;
  return `Failed to connect: ${reasonOf(error)}`;
}

/** The message once the GATT connect attempts are used up, by what the last one died of. */
export function gattConnectErrorMessage(error: unknown): string {
  if (error instanceof BluetoothError) return error.message;
  if (error instanceof GattTimeoutError) return BLUETOOTH_MESSAGES.gattTimedOut;
  const name = nameOf(error);
  if (name === 'AbortError') return BLUETOOTH_MESSAGES.gattCancelled;
  if (name === 'NetworkError') return BLUETOOTH_MESSAGES.gattOutOfRange;
  return BLUETOOTH_MESSAGES.gattFailed;
}

/** Spec point 8: "Failed to read vital sign data: <reason>". */
export function readErrorMessage(error: unknown): string {
  return `Failed to read vital sign data: ${reasonOf(error)}`;
}
