import type { BridgeDevice } from '@vigil/domain';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createDeviceLink, updateDeviceLink } from '@/features/devices/api/device-links.ts';
import { createDeviceToken } from '@/features/devices/api/device-tokens.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { createBridgePairing } from '../api/create-pairing.ts';
import { BridgeClient, type BridgeSnapshot } from '../lib/bridge-client.ts';
import { BridgeToasts } from '../lib/bridge-toasts.ts';
import { loadBridgeUrl, saveBridgeUrl } from '../lib/bridge-url.ts';
import { deviceName } from '../lib/device-display.ts';

/** How long a token handed to the bridge lasts; the bridge renews it before then (decision 009). */
const BRIDGE_TOKEN_DAYS = 30;

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
  const toasts = useRef(
    new BridgeToasts({ success: toastSuccess, error: toastError }, (device, patient) => {
      // Other screens are told which device feeds the patient. A simulated device is labelled
      // Simulation everywhere, never passed off as a bridge device.
      createDeviceLink({
        patientId: patient.id,
        deviceId: device.id,
        deviceName: device.name,
        connectionType: device.simulated ? 'Simulation' : 'Bridge',
        batteryLevel: device.batteryLevel,
      }).then(
        (link) => links.set(device.id, link.id),
        (error: unknown) =>
          toastError(
            'Bridge Error',
            `Readings go to ${patient.name}, but other screens could not be told: ${describeError(error)}`,
          ),
      );
    }),
  ).current;
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
   * "Sync Data to Cloud": a device token for the patient from Vigil, handed to the bridge with the
   * one endpoint it may upload to; from then on the bridge uploads the device's readings itself.
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
      let token: Awaited<ReturnType<typeof createDeviceToken>>;
      try {
        token = await createDeviceToken({
          patientId: patient.id,
          label: `Bridge: ${deviceName(device)}`.slice(0, 100),
          expiresInDays: BRIDGE_TOKEN_DAYS,
        });
      } catch (error) {
        toastError(
          'Bridge Error',
          `Could not get a device token for ${patient.name}: ${describeError(error)}`,
        );
        return;
      }
      const sent = sendOrToast(client, (c) =>
        c.send({
          type: 'sendToCloud',
          deviceId: device.id,
          endpoint: new URL('/api/device-readings', window.location.origin).href,
          patientId: patient.id,
          deviceToken: token.token,
          deviceTokenExpiresAt: token.expiresAt,
        }),
      );
      if (!sent) return;
      toasts.syncRequested.set(device.id, { patientId: patient.id, patientName: patient.name });
      toastSuccess('Syncing to Cloud', `Linking ${deviceName(device)} to ${patient.name}...`);
    },
    [client, toasts],
  );

  return { url, snapshot, connect, disconnect, toggleScan, connectDevice, disconnectDevice, syncToCloud };
}

export type BridgeControls = ReturnType<typeof useBridge>;
