import { useQueryClient } from '@tanstack/react-query';
import { displayPatientId, type Patient } from '@vigil/domain';
import { useEffect, useRef } from 'react';
import { PATIENTS_QUERY_KEY, patientQueryKey } from '@/features/patients/api/query-keys.ts';
import { toastError } from '@/lib/toast.ts';
import { RECONNECT_WAITS_MS } from '../lib/bluetooth-constants.ts';
import { deviceLostText, devicesThatGaveUp } from '../lib/device-lost.ts';
import type { LocalDevice } from '../lib/device-manager.ts';
import { useLocalDevices } from './use-local-devices.ts';

/**
 * Says so, on whatever screen this browser shows, when a device it holds gives up reconnecting: the
 * device list says "Gave up", but the nurse may be on another screen. Mounted once, by the shell.
 */
export function useDeviceLostNotice(): void {
  const queryClient = useQueryClient();
  const devices = useLocalDevices();
  const statuses = useRef(new Map<string, LocalDevice['state']['status']>());

  useEffect(() => {
    for (const device of devicesThatGaveUp(statuses.current, devices)) {
      const name =
        queryClient.getQueryData<Patient>(patientQueryKey(device.patientId))?.name ??
        queryClient.getQueryData<Patient[]>(PATIENTS_QUERY_KEY)?.find((p) => p.id === device.patientId)
          ?.name ??
        `patient ID ${displayPatientId(device.patientId)}`;
      const { title, description } = deviceLostText(device, name, RECONNECT_WAITS_MS.length);
      toastError(title, description);
    }
    statuses.current = new Map(devices.map((d) => [d.deviceId, d.state.status]));
  }, [devices, queryClient]);
}
