import { describe, expect, it } from 'vitest';
import {
  BLUETOOTH_MESSAGES,
  GattTimeoutError,
  gattConnectErrorMessage,
  readErrorMessage,
  requestDeviceErrorMessage,
} from './bluetooth-errors.ts';

const domError = (name: string, message: string) => new DOMException(message, name);

describe('Bluetooth error texts (spec point 8)', () => {
  it.each([
    [domError('NotFoundError', 'User cancelled the requestDevice() chooser.'), BLUETOOTH_MESSAGES.cancelled],
    [domError('NotFoundError', 'Bluetooth adapter not available.'), BLUETOOTH_MESSAGES.noDevice],
    [domError('SecurityError', 'Must be handling a user gesture'), BLUETOOTH_MESSAGES.insecure],
    [new Error('Radio off'), 'Failed to connect: Radio off'],
  ])('requestDevice failure %#', (error, message) => {
    expect(requestDeviceErrorMessage(error)).toBe(message);
  });

  it('never turns a cancelled chooser into anything but the cancel message', () => {
    expect(
      requestDeviceErrorMessage(domError('NotFoundError', 'User cancelled the requestDevice() chooser.')),
    ).toBe("Device selection was cancelled. Please try again when you're ready to connect.");
  });

  it.each([
    [domError('AbortError', 'aborted'), BLUETOOTH_MESSAGES.gattCancelled],
    [new GattTimeoutError('slow'), BLUETOOTH_MESSAGES.gattTimedOut],
    [
      domError('NetworkError', 'Connection Error: Connection attempt failed.'),
      BLUETOOTH_MESSAGES.gattOutOfRange,
    ],
    [new Error('odd'), BLUETOOTH_MESSAGES.gattFailed],
  ])('GATT connect failure %#', (error, message) => {
    expect(gattConnectErrorMessage(error)).toBe(message);
  });

  it('names the read failure', () => {
    expect(readErrorMessage(new Error('GATT Error'))).toBe('Failed to read vital sign data: GATT Error');
  });
});
