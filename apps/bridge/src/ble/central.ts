import type { BridgeAdapterState } from '@vigil/domain';

export type AdapterState = BridgeAdapterState;

export interface PeripheralInfo {
  id: string;
  name: string | null;
  rssi: number | null;
  simulated: boolean;
}

/** A characteristic value as it arrived, read or notified, before decoding. */
export interface CharacteristicValue {
  deviceId: string;
  /** 16-bit SIG-assigned characteristic number, e.g. 0x2a37. */
  characteristic: number;
  bytes: Uint8Array;
  receivedAt: Date;
}

export interface CentralEvents {
  adapterState: [state: AdapterState];
  /** The person's scan started or stopped (the central may also scan briefly to find a device). */
  scanning: [scanning: boolean];
  discover: [peripheral: PeripheralInfo];
  value: [value: CharacteristicValue];
  /** An established connection ended, whoever ended it. */
  disconnect: [deviceId: string, reason: string];
}

/**
 * The BLE central the bridge drives: Bluetooth through noble, or the simulation. Everything above
 * it (desired state, readings, the socket) is the same for both.
 */
export interface BleCentral {
  readonly simulated: boolean;
  readonly adapterState: AdapterState;
  readonly scanning: boolean;
  /** @throws AdapterUnavailableError when the adapter is not powered on */
  startScan(): Promise<void>;
  stopScan(): Promise<void>;
  /**
   * Connects, discovers the supported health services, subscribes to their measurements and reads
   * battery level and model number; values then arrive as `value` events.
   * @throws when the device cannot be reached within the time or offers no supported service
   */
  connect(deviceId: string, timeoutMs: number): Promise<void>;
  disconnect(deviceId: string): Promise<void>;
  on<E extends keyof CentralEvents>(event: E, listener: (...args: CentralEvents[E]) => void): void;
  close(): Promise<void>;
}

/** What a person can do about each adapter state that is not powered on. */
export const ADAPTER_ADVICE: Record<AdapterState, string> = {
  poweredOn: 'Bluetooth is on.',
  poweredOff: 'Bluetooth is turned off on the bridge computer. Turn it on, then scan again.',
  unsupported:
    'The bridge computer has no Bluetooth Low Energy adapter it can use. Plug in a Bluetooth 4.0+ adapter and restart the bridge, or start it with --simulate to try simulated devices.',
  unauthorized:
    'The bridge is not allowed to use Bluetooth. On Linux give node the CAP_NET_RAW capability (or run the bridge as a user allowed to); on macOS allow Bluetooth for the terminal in System Settings → Privacy & Security.',
  unknown: 'The Bluetooth adapter is still starting. Try again in a moment.',
};

export class AdapterUnavailableError extends Error {
  readonly state: AdapterState;

  constructor(state: AdapterState) {
    super(ADAPTER_ADVICE[state]);
    this.state = state;
    this.name = 'AdapterUnavailableError';
  }
}
