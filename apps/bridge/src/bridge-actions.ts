import type { BridgeAction } from '@vigil/domain';
import { AdapterUnavailableError, type BleCentral } from './ble/central.ts';
import type { BridgeConfig } from './config.ts';
import { BridgeActionError } from './devices/action-error.ts';
import type { DeviceManager } from './devices/device-manager.ts';
import type { LinkStore } from './store/link-store.ts';
import type { Uploader } from './upload/uploader.ts';

/** localhost and 127.0.0.1 name the same server: a page on either may name the endpoint its way. */
function sameServerEndpoint(endpoint: string, configured: string): boolean {
  const a = new URL(endpoint);
  const b = new URL(configured);
  const loopback = (h: string) => (h === 'localhost' || h === '127.0.0.1' ? 'loopback' : h);
  return (
    a.protocol === b.protocol &&
    a.port === b.port &&
    loopback(a.hostname) === loopback(b.hostname) &&
    a.pathname === b.pathname &&
    a.search === '' &&
    a.username === '' &&
    a.password === ''
  );
}

/** Carries out the actions pages send (spec point 7, "Bridge WebSocket"). */
export function createActionHandler(deps: {
  config: BridgeConfig;
  central: BleCentral;
  devices: DeviceManager;
  links: LinkStore;
  uploader: Uploader;
  now: () => Date;
}) {
  const { config, central, devices, links, uploader } = deps;
  return async (action: BridgeAction): Promise<void> => {
    switch (action.type) {
      case 'startScan':
        try {
          await central.startScan();
        } catch (error) {
          if (error instanceof AdapterUnavailableError)
            throw new BridgeActionError('ADAPTER_UNAVAILABLE', error.message);
          throw new BridgeActionError(
            'SCAN_FAILED',
            `Scanning failed: ${(error as Error).message}. Try again.`,
          );
        }
        return;
      case 'stopScan':
        await central.stopScan();
        return;
      case 'connect':
        await devices.connect(action.deviceId);
        return;
      case 'disconnect':
        await devices.disconnect(action.deviceId);
        return;
      case 'sendToCloud': {
        // A page may not send readings anywhere but the Vigil server the bridge was started for.
        if (!sameServerEndpoint(action.endpoint, config.readingsEndpoint)) {
          throw new BridgeActionError(
            'ENDPOINT_NOT_ALLOWED',
            `This bridge sends readings only to ${config.readingsEndpoint}, not ${action.endpoint.slice(0, 200)}. To use another Vigil server, restart the bridge with VIGIL_URL set to it.`,
            action.deviceId,
          );
        }
        devices.device(action.deviceId); // unknown devices are refused before anything is stored
        await links.link(
          action.deviceId,
          action.patientId,
          action.deviceToken,
          action.deviceTokenExpiresAt ?? null,
          deps.now(),
        );
        uploader.tokenChanged(action.patientId);
        devices.updated(action.deviceId);
        return;
      }
    }
  };
}
