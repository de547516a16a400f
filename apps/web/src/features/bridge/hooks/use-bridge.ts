import type { BridgeDevice } from '@vigil/domain';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createDeviceLink, endDeviceLink, updateDeviceLink } from '@/features/devices/api/device-links.ts';
import { createDeviceToken, revokeDeviceToken } from '@/features/devices/api/device-tokens.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { createBridgePairing } from '../api/create-pairing.ts';
import { BridgeClient, type BridgeSnapshot } from '../lib/bridge-client.ts';
import { syncDeviceToPatient } from '../lib/bridge-sync.ts';
import { BridgeToasts } from '../lib/bridge-toasts.ts';
import { loadBridgeUrl, saveBridgeUrl } from '../lib/bridge-url.ts';
import { deviceName } from '../lib/device-display.ts';

const IDLE: BridgeSnapshot = {
  status: 'disconnected',
  reconnectAttempt: 0,
  view: { devices: [], scanning: false, adapterState: null, simulation: false },
};
const noSubscription = () => () => {};
const idleSnapshot = () => IDLE;

/** Throws nothing: a refused action becomes a "Bridge Error" toast. */
function sendOrToast(client: BridgeClient | null, send: (client: BridgeClient) => void): boolean {
  if (!client) {
    toastError('Bridge Error', 'The bridge is not connected. Connect to the bridge server first.');
    return false;
  }
  try {
    send(client);
    return true;
  } catch (error) {
    toastError('Bridge Error', describeError(error));
    return false;
  }
}

/**
 * The Health Device Bridge for one page: the socket (see BridgeClient), what the bridge reports,
 * the actions of the Bridge panel and their toasts. The socket closes when the page unmounts.
 */
export function useBridge() {
  const [url, setUrl] = useState(loadBridgeUrl);
  const [client, setClient] = useState<BridgeClient | null>(null);
  /** Device links this page made (device id → link id), ended when the nurse disconnects the device. */
  const links = useRef(new Map<string, number>()).current;
  const toasts = useRef(new BridgeToasts({ success: toastSuccess, error: toastError })).current;
  const snapshot = useSyncExternalStore(
    client?.subscribe ?? noSubscription,
    client?.getSnapshot ?? idleSnapshot,
    client?.getSnapshot ?? idleSnapshot,
  );

  useEffect(() => () => client?.disconnect(), [client]);

  /** Connects to the bridge at `address` (already normalised by parseBridgeUrl). */
  const connect = useCallback(
    (address: string) => {
      saveBridgeUrl(address);
      setUrl(address);
      if (client && client.url === address) {
        client.connect();
        return;
      }
      client?.disconnect();
      toasts.clear();
      const next = new BridgeClient({
        url: address,
        getPairingToken: createBridgePairing,
        onNotice: (notice) => toasts.onNotice(notice),
      });
      setClient(next);
      next.connect();
    },
    [client, toasts],
  );

  const disconnect = useCallback(() => {
    toasts.clear();
    client?.disconnect();
  }, [client, toasts]);

  const toggleScan = useCallback(() => {
    const scanning = client?.getSnapshot().view.scanning ?? false;
    if (scanning) {
      sendOrToast(client, (c) => c.send({ type: 'stopScan' }));
      toasts.scanRequested = false;
    } else if (sendOrToast(client, (c) => c.send({ type: 'startScan' }))) {
      toasts.scanRequested = true;
    }
  }, [client, toasts]);

  const connectDevice = useCallback(
    (deviceId: string) => {
      if (sendOrToast(client, (c) => c.send({ type: 'connect', deviceId }))) {
        toasts.connectRequested.add(deviceId);
        // Still synced to its patient on the bridge: other screens see it connected again.
        const linkId = links.get(deviceId);
        if (linkId !== undefined) {
          updateDeviceLink(linkId, { state: 'connected' }).catch((error: unknown) =>
            toastError('Bridge Error', describeError(error)),
          );
        }
      }
    },
    [client, toasts, links],
  );

  const disconnectDevice = useCallback(
    (deviceId: string) => {
      if (sendOrToast(client, (c) => c.send({ type: 'disconnect', deviceId }))) {
        toasts.disconnectRequested.add(deviceId);
        const linkId = links.get(deviceId);
        if (linkId !== undefined) {
          updateDeviceLink(linkId, { state: 'disconnected' }).catch((error: unknown) =>
            toastError('Disconnect Error', describeError(error)),
          );
        }
      }
    },
    [client, toasts, links],
  );

  /**
   * "Sync Data to Cloud": the device's link to the patient (which tells every screen, and which Vigil
   * refuses for a simulated device on a real patient), then a device token for the patient handed to
   * the bridge with the one endpoint it may upload to (lib/bridge-sync.ts); from then on the bridge
   * uploads the device's readings itself.
   */
  const syncToCloud = useCallback(
    async (device: BridgeDevice, patient: { id: number; name: string } | null) => {
      if (!patient) {
        toastError('Error', 'Please select a patient first');
        return;
      }
      if (!client) {
        toastError('Bridge Error', 'The bridge is not connected. Connect to the bridge server first.');
        return;
      }
      const outcome = await syncDeviceToPatient(
        {
          createLink: createDeviceLink,
          endLink: endDeviceLink,
          createToken: createDeviceToken,
          revokeToken: revokeDeviceToken,
          send: (action) => client.send(action),
        },
        device,
        patient,
        new URL('/api/device-readings', window.location.origin).href,
      );
      if (!outcome.ok) {
        toastError('Bridge Error', outcome.message);
        return;
      }
      links.set(device.id, outcome.linkId);
      toasts.syncRequested.set(device.id, { patientId: patient.id, patientName: patient.name });
      toastSuccess('Syncing to Cloud', `Linking ${deviceName(device)} to ${patient.name}...`);
    },
    [client, toasts, links],
  );

  return { url, snapshot, connect, disconnect, toggleScan, connectDevice, disconnectDevice, syncToCloud };
}

export type BridgeControls = ReturnType<typeof useBridge>;
