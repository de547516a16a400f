import { useQueryClient } from '@tanstack/react-query';
import type { BridgeDevice, DeviceLinkState } from '@vigil/domain';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  endDeviceLink,
  getDeviceLinksQueryOptions,
  updateDeviceLink,
} from '@/features/devices/api/device-links.ts';
import { createDeviceToken, revokeDeviceToken } from '@/features/devices/api/device-tokens.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { createBridgePairing } from '../api/create-pairing.ts';
import {
  BridgeClient,
  type BridgeNotice,
  type BridgeSnapshot,
  type BridgeSocketFactory,
} from '../lib/bridge-client.ts';
import { afterNotice, type BridgeRequest, NO_BRIDGE_REQUESTS, withRequest } from '../lib/bridge-requests.ts';
import { bridgeLinkOf, syncDeviceToPatient } from '../lib/bridge-sync.ts';
import { bridgeToast } from '../lib/bridge-toasts.ts';
import { loadBridgeUrl, saveBridgeUrl } from '../lib/bridge-url.ts';
import { deviceName } from '../lib/device-display.ts';

const IDLE: BridgeSnapshot = {
  status: 'disconnected',
  reconnectAttempt: 0,
  view: { devices: [], scanning: false, adapterState: null, simulation: false },
};
const noSubscription = () => () => {};
const idleSnapshot = () => IDLE;
const NOT_CONNECTED = 'The bridge is not connected. Connect to the bridge server first.';

/** Throws nothing: a refused action becomes a "Bridge Error" toast. */
function sendOrToast(client: BridgeClient | null, send: (client: BridgeClient) => void): boolean {
  if (!client) {
    toastError('Bridge Error', NOT_CONNECTED);
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

export interface UseBridgeOptions {
  /** The WebSocket to the bridge (the browser's own unless a test passes a fake one). */
  createSocket?: BridgeSocketFactory;
}

/**
 * The Health Device Bridge for one page: the socket (see BridgeClient), what the bridge reports,
 * the actions of the Bridge panel and their toasts. The socket closes when the page unmounts.
 *
 * A device's link to its patient is the server's (made as its token is issued), read here from the
 * device links every screen reads: this page remembers nothing of it, so closing the tab leaves no
 * link that only it could end. What it remembers is what it asked the bridge for, until the bridge
 * answers, so that only the page that asked shows the toast.
 */
export function useBridge(options: UseBridgeOptions = {}) {
  const { createSocket } = options;
  const queryClient = useQueryClient();
  const [url, setUrl] = useState(loadBridgeUrl);
  const [client, setClient] = useState<BridgeClient | null>(null);
  const requests = useRef(NO_BRIDGE_REQUESTS);
  const snapshot = useSyncExternalStore(
    client?.subscribe ?? noSubscription,
    client?.getSnapshot ?? idleSnapshot,
    client?.getSnapshot ?? idleSnapshot,
  );

  useEffect(() => () => client?.disconnect(), [client]);

  const asked = useCallback((request: BridgeRequest) => {
    requests.current = withRequest(requests.current, request);
  }, []);
  const forgetRequests = useCallback(() => {
    requests.current = NO_BRIDGE_REQUESTS;
  }, []);

  const onNotice = useCallback((notice: BridgeNotice) => {
    // Ignored by design (the schema refused it); worth a trace for whoever runs the bridge.
    if (notice.kind === 'invalidMessage') console.warn(`Bridge message ignored: ${notice.message}`);
    const toast = bridgeToast(notice, requests.current);
    requests.current = afterNotice(requests.current, notice);
    if (toast) (toast.tone === 'success' ? toastSuccess : toastError)(toast.title, toast.description);
  }, []);

  /** Tells every screen the state of a device the bridge holds, on the server's link (if it has one). */
  const reportLinkState = useCallback(
    async (deviceId: string, state: DeviceLinkState, errorTitle: string) => {
      try {
        const link = bridgeLinkOf(await queryClient.fetchQuery(getDeviceLinksQueryOptions()), deviceId);
        if (link && link.state !== state) await updateDeviceLink(link.id, { state });
      } catch (error) {
        toastError(errorTitle, describeError(error));
      }
    },
    [queryClient],
  );

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
      forgetRequests();
      const next = new BridgeClient({
        url: address,
        getPairingToken: createBridgePairing,
        onNotice,
        ...(createSocket ? { createSocket } : {}),
      });
      setClient(next);
      next.connect();
    },
    [client, createSocket, forgetRequests, onNotice],
  );

  const disconnect = useCallback(() => {
    forgetRequests();
    client?.disconnect();
  }, [client, forgetRequests]);

  const toggleScan = useCallback(() => {
    const scanning = client?.getSnapshot().view.scanning ?? false;
    if (scanning) {
      sendOrToast(client, (c) => c.send({ type: 'stopScan' }));
      requests.current = { ...requests.current, scan: false };
    } else if (sendOrToast(client, (c) => c.send({ type: 'startScan' }))) {
      asked({ kind: 'scan' });
    }
  }, [client, asked]);

  const connectDevice = useCallback(
    async (deviceId: string) => {
      if (!sendOrToast(client, (c) => c.send({ type: 'connect', deviceId }))) return;
      asked({ kind: 'connect', deviceId });
      // Still synced to its patient on the bridge: other screens see it connected again.
      await reportLinkState(deviceId, 'connected', 'Bridge Error');
    },
    [client, asked, reportLinkState],
  );

  const disconnectDevice = useCallback(
    async (deviceId: string) => {
      if (!sendOrToast(client, (c) => c.send({ type: 'disconnect', deviceId }))) return;
      asked({ kind: 'disconnect', deviceId });
      await reportLinkState(deviceId, 'disconnected', 'Disconnect Error');
    },
    [client, asked, reportLinkState],
  );

  /**
   * "Sync Data to Cloud": Vigil links the device to the patient as it issues the device's token
   * (and refuses both for a simulated device on a real patient); the token goes to the bridge with
   * the one endpoint it may upload to (lib/bridge-sync.ts), and from then on the bridge uploads the
   * device's readings itself.
   */
  const syncToCloud = useCallback(
    async (device: BridgeDevice, patient: { id: number; name: string } | null) => {
      if (!patient) {
        toastError('Error', 'Please select a patient first');
        return;
      }
      if (!client) {
        toastError('Bridge Error', NOT_CONNECTED);
        return;
      }
      const outcome = await syncDeviceToPatient(
        {
          issueToken: createDeviceToken,
          endLink: endDeviceLink,
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
      asked({
        kind: 'sync',
        deviceId: device.id,
        pending: { patientId: patient.id, patientName: patient.name },
      });
      toastSuccess('Syncing to Cloud', `Linking ${deviceName(device)} to ${patient.name}...`);
    },
    [client, asked],
  );

  return { url, snapshot, connect, disconnect, toggleScan, connectDevice, disconnectDevice, syncToCloud };
}

export type BridgeControls = ReturnType<typeof useBridge>;
