import type { BridgeDevice } from '@vigil/domain';
import type { BridgeNotice } from './bridge-client.ts';
import type { BridgeRequests } from './bridge-requests.ts';
import { deviceName } from './device-display.ts';
import { BRIDGE_MAX_RECONNECTS } from './reconnect-policy.ts';

export const SCANNING_STARTED = 'Scanning for WHOOP and other health devices...';

/** A toast to show: its tone, title and description. */
export interface BridgeToast {
  tone: 'success' | 'error';
  title: string;
  description: string;
}

const success = (title: string, description: string): BridgeToast => ({
  tone: 'success',
  title,
  description,
});
const error = (title: string, description: string): BridgeToast => ({ tone: 'error', title, description });

/**
 * Spec point 8: the toast, if any, for what the bridge reported, given what this page had asked for
 * (`requests`, as they stood before the notice). Pure: it keeps nothing and shows nothing.
 */
export function bridgeToast(notice: BridgeNotice, requests: BridgeRequests): BridgeToast | null {
  switch (notice.kind) {
    case 'connected':
      return success(
        'Bridge Connected',
        notice.reconnected
          ? 'Reconnected to the Health Device Bridge.'
          : 'Connected to the Health Device Bridge.',
      );
    case 'connectFailed':
      return error('Connection Failed', notice.message);
    case 'lost':
      return error(
        'Connection Failed',
        `Lost the bridge server and ${BRIDGE_MAX_RECONNECTS} attempts to reconnect failed. Check that the bridge is running, then connect again.`,
      );
    case 'invalidMessage':
      return null;
    case 'event':
      break;
  }
  const { event } = notice;
  switch (event.type) {
    case 'scanStatus':
      return event.scanning && requests.scan ? success('Scanning Started', SCANNING_STARTED) : null;
    case 'deviceConnected':
      return requests.connect.has(event.device.id)
        ? success('Device Connected', `${deviceName(event.device)} is connected to the bridge.`)
        : null;
    case 'deviceDisconnected':
      return requests.disconnect.has(event.device.id) ? disconnected(event.device) : null;
    case 'deviceUpdated': {
      const pending = requests.sync.get(event.device.id);
      if (!pending || event.device.patientId !== pending.patientId) return null;
      return success(
        'Success',
        `Readings from ${deviceName(event.device)} now go to ${pending.patientName}'s record.`,
      );
    }
    case 'error':
      return error('Bridge Error', event.message);
    default:
      return null;
  }
}

const disconnected = (device: BridgeDevice) =>
  success(
    'Device Disconnected',
    device.patientId
      ? `Successfully disconnected device for patient ID ${device.patientId}`
      : `Successfully disconnected ${deviceName(device)}`,
  );
