import type { BridgeDevice } from '@vigil/domain';

/** A device as the bridge reports it, for the unit tests (never imported by the app). */
export function bridgeDevice(overrides: Partial<BridgeDevice> = {}): BridgeDevice {
  return {
    id: 'sim-hr-0001',
    name: 'Simulated Heart Rate Monitor',
    connected: false,
    heartRate: null,
    batteryLevel: null,
    lastUpdated: null,
    simulated: true,
    connectionState: 'disconnected',
    wanted: false,
    stale: false,
    rssi: -60,
    model: null,
    oxygenLevel: null,
    systolicBP: null,
    diastolicBP: null,
    temperature: null,
    patientId: null,
    sync: null,
    ...overrides,
  };
}
