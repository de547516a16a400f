import type { DeviceLink } from '@vigil/domain';

/**
 * A device link as the server answers it, for the web's unit tests: a Bluetooth heart-rate monitor
 * connected to patient 7 by a nurse's browser, heard from a minute after it reported.
 */
export function makeDeviceLink(over: Partial<DeviceLink> = {}): DeviceLink {
  return {
    id: 1,
    patientId: 7,
    deviceId: 'abcdefghijk',
    deviceName: 'Heart Monitor',
    connectionType: 'Bluetooth',
    simulated: false,
    state: 'connected',
    status: 'connected',
    lostAt: null,
    lostReason: null,
    batteryLevel: 80,
    linkedAt: '2026-11-23T10:00:00.000Z',
    linkedBy: 1,
    stateChangedAt: '2026-11-23T10:00:00.000Z',
    lastReadingAt: '2026-11-23T10:05:00.000Z',
    lastSeenAt: '2026-11-23T10:06:00.000Z',
    endedAt: null,
    ...over,
  };
}
