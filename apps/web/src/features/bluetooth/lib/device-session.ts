import { decodeCharacteristic, measurementToReading } from '@vigil/domain';
import type { ReadingFields } from './reading-batcher.ts';

/**
 * The GATT session in this browser (not the link, whose status is the domain's DeviceStatus):
 * connecting → connected ⇄ disconnected (dropped; reconnecting while `nextAttemptAt` is set) →
 * gave-up (the reconnect attempts are used up) · ended (the nurse disconnected it).
 */
export type DeviceSessionStatus = 'connecting' | 'connected' | 'disconnected' | 'gave-up' | 'ended';

export interface DeviceSessionState {
  status: DeviceSessionStatus;
  /** Reconnect attempt under way or next (1-based), while reconnecting. */
  reconnectAttempt: number | null;
  /** Services found on the device, by name. */
  services: string[];
  model: string | null;
  batteryLevel: number | null;
  /** The latest value of each field, and when the latest reading was taken. */
  latest: ReadingFields;
  lastReadingAt: number | null;
}

export interface DeviceSessionEvents {
  /** Decoded values, with the time they were measured. */
  onReading(fields: ReadingFields, at: number): void;
  /** Any state change, for the screen. */
  onChange(): void;
  /** The device dropped while wanted (reconnects follow). */
  onDropped?(): void;
  onReconnected?(): void;
  /** The reconnect attempts are used up. */
  onGaveUp?(): void;
}

/** A connected health device, real or simulated: what the device manager holds. */
export interface DeviceSession {
  readonly deviceId: string;
  readonly deviceName: string | null;
  readonly isSimulated: boolean;
  readonly state: DeviceSessionState;
  start(): Promise<void>;
  /** Reads every readable characteristic now; throws "Device not connected…" when not connected. */
  readNow(): Promise<void>;
  /** Ends the session: no reconnect; the GATT connection is closed. */
  stop(): void;
}

export const initialState = (): DeviceSessionState => ({
  status: 'connecting',
  reconnectAttempt: null,
  services: [],
  model: null,
  batteryLevel: null,
  latest: {},
  lastReadingAt: null,
});

/** Turns one characteristic value into reading fields (model number noted, undecodable bytes skipped). */
export function decodeValue(
  state: DeviceSessionState,
  characteristic: number,
  bytes: Uint8Array,
): ReadingFields | null {
  try {
    const decoded = decodeCharacteristic(characteristic, bytes);
    if (decoded.kind === 'model-number') state.model = decoded.modelNumber;
    return measurementToReading(decoded);
  } catch {
    // A malformed value is never turned into a number; the next one may be fine.
    return null;
  }
}

/** Keeps a reading's values as the latest of the session (its battery level too). */
export function noteReading(state: DeviceSessionState, fields: ReadingFields, at: number) {
  state.latest = { ...state.latest, ...fields };
  if (fields.batteryLevel !== undefined) state.batteryLevel = fields.batteryLevel;
  state.lastReadingAt = at;
}
