import { DeviceLink } from '@vigil/domain';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * POST /api/device-links: tells Vigil that a bridge device now feeds the patient, so every screen
 * shows the link (and its connection type) live, not only this page.
 */
export async function linkBridgeDevice(input: {
  patientId: number;
  deviceId: string;
  deviceName: string | null;
  simulated: boolean;
  batteryLevel: number | null;
}): Promise<DeviceLink> {
  const res = await apiRequest('POST', '/api/device-links', {
    patientId: input.patientId,
    deviceId: input.deviceId,
    deviceName: input.deviceName,
    // A simulated device is labelled Simulation everywhere, never passed off as a bridge device.
    connectionType: input.simulated ? 'Simulation' : 'Bridge',
    batteryLevel: input.batteryLevel,
  });
  return DeviceLink.parse(await res.json());
}

/** PATCH /api/device-links/{id}: the device was disconnected from (or connected to) the bridge again. */
export async function setDeviceLinkState(id: number, state: 'connected' | 'disconnected'): Promise<void> {
  await apiRequest('PATCH', `/api/device-links/${id}`, { state });
}
