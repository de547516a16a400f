import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { endDeviceLink } from '@/features/devices/api/device-links.ts';
import { DEVICE_LINKS_QUERY_KEY } from '@/features/devices/api/query-keys.ts';
import { PATIENTS_QUERY_KEY, patientQueryKey } from '@/features/patients/api/query-keys.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { BLUETOOTH_MESSAGES } from '../lib/bluetooth-errors.ts';
import type { ConnectedDevice } from '../lib/device-manager.ts';
import type { DeviceRow } from '../lib/device-rows.ts';
import { useDeviceManager } from './use-device-manager.ts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/**
 * Connect, demo and disconnect with the spec's toasts (point 8). `error` holds the last connect
 * failure's message for the card to show beside its buttons.
 */
export function useDeviceActions() {
  const queryClient = useQueryClient();
  const deviceManager = useDeviceManager();
  const [busy, setBusy] = useState<'scan' | 'demo' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = (patientId: number) => {
    void queryClient.invalidateQueries({ queryKey: DEVICE_LINKS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: patientQueryKey(patientId), exact: true });
    void queryClient.invalidateQueries({ queryKey: PATIENTS_QUERY_KEY, exact: true });
  };

  async function run(kind: 'scan' | 'demo', patientId: number | null): Promise<ConnectedDevice | null> {
    if (patientId === null) {
      toastError('Error', BLUETOOTH_MESSAGES.selectPatient);
      setError(BLUETOOTH_MESSAGES.selectPatient);
      return null;
    }
    setBusy(kind);
    setError(null);
    try {
      // No await before this call: the chooser needs the click's user activation.
      const device =
        kind === 'scan'
          ? await deviceManager.connectBluetooth(patientId)
          : await deviceManager.connectDemo(patientId);
      if (kind === 'scan') {
        toastSuccess(
          'Bluetooth Connected',
          `${device.deviceName ?? 'Unknown Device'} is sending vital signs.`,
        );
      } else {
        toastSuccess('Device Connected', 'Demo device connected in Simulation Mode.');
      }
      return device;
    } catch (e) {
      const message = messageOf(e) || 'Failed to connect to device';
      setError(message);
      toastError(kind === 'scan' ? 'Bluetooth Error' : 'Connection Error', message);
      return null;
    } finally {
      setBusy(null);
      refresh(patientId);
    }
  }

  /** Disconnects a device: this browser's own, or ends another holder's link on the server. */
  async function disconnect(row: DeviceRow): Promise<boolean> {
    const { patientId } = row;
    try {
      if (deviceManager.isHeldHere(row.deviceId)) await deviceManager.disconnect(row.deviceId);
      else if (row.link) await endDeviceLink(row.link.id);
      else throw new Error(`Failed to disconnect device for patient ID ${patientId}`);
      toastSuccess('Device Disconnected', `Successfully disconnected device for patient ID ${patientId}`);
      return true;
    } catch (e) {
      toastError('Disconnect Error', messageOf(e) || 'An error occurred during disconnection');
      return false;
    } finally {
      refresh(patientId);
    }
  }

  async function readNow(deviceId: string) {
    try {
      await deviceManager.readNow(deviceId);
    } catch (e) {
      toastError('Bluetooth Error', messageOf(e) || 'Failed to connect to device');
    }
  }

  return {
    busy,
    error,
    scan: (patientId: number | null) => run('scan', patientId),
    demo: (patientId: number | null) => run('demo', patientId),
    disconnect,
    readNow,
  };
}
