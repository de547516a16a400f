import {
  type BridgeDevice,
  type BridgeSyncState,
  type DeviceVitalKey,
  NO_DEVICE_VITALS,
} from '@vigil/domain';

export type Connection = BridgeDevice['connectionState'];

export interface DeviceState {
  id: string;
  name: string | null;
  simulated: boolean;
  rssi: number | null;
  model: string | null;
  /** Desired state: the person asked for this device (OpenICE's "desired" beside "actual"). */
  wanted: boolean;
  /** Actual state. */
  connection: Connection;
  /** The current value of each vital a device measures (catalogue rows with GATT), and its battery. */
  values: Pick<BridgeDevice, DeviceVitalKey | 'batteryLevel'>;
  lastUpdated: string | null;
  stale: boolean;
  lastStreamAt: number | null;
  streamGapMs: number | null;
  /** Bumped on every connect and drop: a value of an earlier connection is never shown. */
  generation: number;
  attempts: number;
  reconnectTimer: NodeJS.Timeout | null;
  /** Values of one device are recorded and published in arrival order. */
  chain: Promise<void>;
}

export const NO_VALUES: DeviceState['values'] = { ...NO_DEVICE_VITALS, batteryLevel: null };

export function newDeviceState(id: string, name: string | null, simulated: boolean): DeviceState {
  return {
    id,
    name,
    simulated,
    rssi: null,
    model: null,
    wanted: false,
    connection: 'disconnected',
    values: { ...NO_VALUES },
    lastUpdated: null,
    stale: false,
    lastStreamAt: null,
    streamGapMs: null,
    generation: 0,
    attempts: 0,
    reconnectTimer: null,
    chain: Promise.resolve(),
  };
}

/** A new connection, or none: no value is current any more. */
export function forgetValues(d: DeviceState) {
  d.values = { ...NO_VALUES };
  d.stale = false;
  d.lastStreamAt = null;
}

/** What a page is told of a device: its state, the patient it is linked to and its upload. */
export function toBridgeDevice(
  d: DeviceState,
  patientId: number | null,
  sync: BridgeSyncState | null,
): BridgeDevice {
  return {
    id: d.id,
    name: d.name,
    connected: d.connection === 'connected',
    ...d.values,
    lastUpdated: d.lastUpdated,
    simulated: d.simulated,
    connectionState: d.connection,
    wanted: d.wanted,
    stale: d.stale,
    rssi: d.rssi,
    model: d.model,
    patientId,
    sync,
  };
}
