import {
  decodeCharacteristic,
  GATT_CHARACTERISTICS,
  gattUuid,
  measurementToReading,
  simulatedFrames,
  simulatedVitals,
} from '@vigil/domain';
import {
  GATT_CONNECT_TIMEOUT_MS,
  GATT_CONNECT_WAITS_MS,
  POLL_INTERVAL_MS,
  RECONNECT_WAITS_MS,
  SERVICE_CHARACTERISTICS,
} from './bluetooth-constants.ts';
import { BLUETOOTH_MESSAGES, BluetoothError } from './bluetooth-errors.ts';
import type { ReadingFields } from './reading-batcher.ts';
import { type Sleep, sleep, withRetries, withTimeout } from './retry.ts';

/**
 * connecting → connected ⇄ disconnected (dropped; reconnecting while `nextAttemptAt` is set) →
 * gave-up (the reconnect attempts are used up) · ended (the nurse disconnected it).
 */
export type DeviceStatus = 'connecting' | 'connected' | 'disconnected' | 'gave-up' | 'ended';

export interface DeviceSessionState {
  status: DeviceStatus;
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

const initialState = (): DeviceSessionState => ({
  status: 'connecting',
  reconnectAttempt: null,
  services: [],
  model: null,
  batteryLevel: null,
  latest: {},
  lastReadingAt: null,
});

const CHARACTERISTIC_UUIDS = new Map(
  Object.values(GATT_CHARACTERISTICS).map((short) => [gattUuid(short), short] as const),
);

/** Copies a DataView's bytes (the browser may reuse its buffer). */
const bytesOf = (view: DataView) =>
  new Uint8Array(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Turns one characteristic value into reading fields (model number noted, undecodable bytes skipped). */
function decodeValue(
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

function noteReading(state: DeviceSessionState, fields: ReadingFields, at: number) {
  state.latest = { ...state.latest, ...fields };
  if (fields.batteryLevel !== undefined) state.batteryLevel = fields.batteryLevel;
  state.lastReadingAt = at;
}

/**
 * A Web Bluetooth device: GATT connect (3 attempts, 1 s then 2 s apart), every known characteristic
 * subscribed where it notifies or indicates AND read every few seconds where it can be read (devices
 * that only allow reads; the emulation used in tests cannot push notifications). A drop shows at
 * once; while the nurse still wants the device it reconnects with backoff (1, 2, 4, 8, 16 s), then
 * gives up.
 */
export class BluetoothDeviceSession implements DeviceSession {
  readonly isSimulated = false;
  readonly state = initialState();
  #isWanted = true;
  #pollTimer: ReturnType<typeof setInterval> | null = null;
  #readable: BluetoothRemoteGATTCharacteristic[] = [];
  #subscribed: BluetoothRemoteGATTCharacteristic[] = [];
  /** The last value handled per characteristic: a read also fires `characteristicvaluechanged`. */
  #lastSeen = new Map<number, { hex: string; at: number }>();

  constructor(
    private readonly device: BluetoothDevice,
    private readonly events: DeviceSessionEvents,
    private readonly wait: Sleep = sleep,
  ) {
    device.addEventListener('gattserverdisconnected', this.#onDisconnected);
  }

  get deviceId() {
    return this.device.id;
  }
  get deviceName() {
    return this.device.name?.trim() || null;
  }

  async start(): Promise<void> {
    const gatt = this.device.gatt;
    if (!gatt) throw new BluetoothError(BLUETOOTH_MESSAGES.gattFailed);
    await withRetries(
      async () => {
        if (!this.#isWanted) throw new DOMException('Connection was cancelled.', 'AbortError');
        const server = await withTimeout(gatt.connect(), GATT_CONNECT_TIMEOUT_MS);
        await this.#setUp(server);
      },
      GATT_CONNECT_WAITS_MS,
      this.wait,
    );
    this.#connected();
  }

  async readNow(): Promise<void> {
    if (this.state.status !== 'connected' || !this.device.gatt?.connected) {
      throw new BluetoothError(BLUETOOTH_MESSAGES.notConnected);
    }
    await this.#readAll();
  }

  stop(): void {
    this.#isWanted = false;
    this.#stopPolling();
    this.device.removeEventListener('gattserverdisconnected', this.#onDisconnected);
    for (const c of this.#subscribed) c.removeEventListener('characteristicvaluechanged', this.#onValue);
    if (this.device.gatt?.connected) this.device.gatt.disconnect();
    this.state.status = 'ended';
    this.state.reconnectAttempt = null;
    this.events.onChange();
  }

  async #setUp(server: BluetoothRemoteGATTServer): Promise<void> {
    for (const c of this.#subscribed) c.removeEventListener('characteristicvaluechanged', this.#onValue);
    this.#readable = [];
    this.#subscribed = [];
    const services: string[] = [];
    for (const spec of SERVICE_CHARACTERISTICS) {
      let service: BluetoothRemoteGATTService;
      try {
        service = await server.getPrimaryService(spec.service);
      } catch {
        continue; // the device does not offer it
      }
      services.push(spec.name);
      for (const uuid of spec.characteristics) {
        let characteristic: BluetoothRemoteGATTCharacteristic;
        try {
          characteristic = await service.getCharacteristic(uuid);
        } catch {
          continue;
        }
        const { notify, indicate, read } = characteristic.properties;
        if (notify || indicate) {
          characteristic.addEventListener('characteristicvaluechanged', this.#onValue);
          try {
            await characteristic.startNotifications();
            this.#subscribed.push(characteristic);
          } catch {
            characteristic.removeEventListener('characteristicvaluechanged', this.#onValue);
          }
        }
        if (read) this.#readable.push(characteristic);
      }
    }
    if (services.length === 0) {
      server.disconnect();
      throw new BluetoothError(BLUETOOTH_MESSAGES.gattFailed);
    }
    this.state.services = services;
  }

  #connected() {
    this.state.status = 'connected';
    this.state.reconnectAttempt = null;
    this.events.onChange();
    void this.#readAll();
    this.#stopPolling();
    this.#pollTimer = setInterval(() => void this.#readAll(), POLL_INTERVAL_MS);
  }

  #stopPolling() {
    if (this.#pollTimer !== null) clearInterval(this.#pollTimer);
    this.#pollTimer = null;
  }

  async #readAll(): Promise<void> {
    for (const characteristic of [...this.#readable]) {
      if (this.state.status !== 'connected') return;
      try {
        const value = await characteristic.readValue();
        this.#handle(characteristic.uuid, value);
      } catch (error) {
        // A characteristic that refuses reads is only listened to from now on; a dropped link is
        // reported by `gattserverdisconnected`.
        if (error instanceof DOMException && error.name === 'NotSupportedError') {
          this.#readable = this.#readable.filter((c) => c !== characteristic);
        }
      }
    }
  }

  #onValue = (event: Event) => {
    const characteristic = event.target as BluetoothRemoteGATTCharacteristic;
    if (characteristic.value) this.#handle(characteristic.uuid, characteristic.value);
  };

  #handle(uuid: string, view: DataView) {
    const short = CHARACTERISTIC_UUIDS.get(uuid.toLowerCase());
    if (short === undefined) return;
    const bytes = bytesOf(view);
    const now = Date.now();
    // readValue() resolves AND fires `characteristicvaluechanged`: the same bytes twice at once are one value.
    const seen = this.#lastSeen.get(short);
    const key = hex(bytes);
    if (seen && seen.hex === key && now - seen.at < 250) return;
    this.#lastSeen.set(short, { hex: key, at: now });
    const fields = decodeValue(this.state, short, bytes);
    if (fields && Object.keys(fields).length > 0) {
      noteReading(this.state, fields, now);
      this.events.onReading(fields, now);
    }
    this.events.onChange();
  }

  #onDisconnected = () => {
    if (!this.#isWanted || this.state.status === 'disconnected') return;
    this.#stopPolling();
    this.state.status = 'disconnected';
    this.events.onChange();
    this.events.onDropped?.();
    void this.#reconnect();
  };

  async #reconnect() {
    for (const [index, waitMs] of RECONNECT_WAITS_MS.entries()) {
      this.state.reconnectAttempt = index + 1;
      this.events.onChange();
      await this.wait(waitMs);
      if (!this.#isWanted) return;
      try {
        const gatt = this.device.gatt!;
        const server = await withTimeout(gatt.connect(), GATT_CONNECT_TIMEOUT_MS);
        await this.#setUp(server);
        if (!this.#isWanted) return;
        this.#connected();
        this.events.onReconnected?.();
        return;
      } catch {
        // the next attempt, after a longer wait
      }
    }
    if (!this.#isWanted) return;
    this.state.status = 'gave-up';
    this.state.reconnectAttempt = null;
    this.events.onChange();
    this.events.onGaveUp?.();
  }
}

/**
 * "Use Demo Device": a simulated monitor (Simulation Mode) that sends the domain's simulated vitals
 * as a real device would, encoded in the GATT formats and decoded by the same decoders, every few
 * seconds. Its name says "Simulation" so every screen labels its readings.
 */
export class SimulatedDeviceSession implements DeviceSession {
  readonly isSimulated = true;
  readonly state = initialState();
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    readonly deviceId: string,
    readonly deviceName: string,
    private readonly events: DeviceSessionEvents,
    private readonly random: () => number = Math.random,
  ) {}

  async start(): Promise<void> {
    this.state.services = SERVICE_CHARACTERISTICS.map((s) => s.name);
    this.state.status = 'connected';
    this.events.onChange();
    this.#measure();
    this.#timer = setInterval(() => this.#measure(), POLL_INTERVAL_MS);
  }

  async readNow(): Promise<void> {
    if (this.state.status !== 'connected') throw new BluetoothError(BLUETOOTH_MESSAGES.notConnected);
    this.#measure();
  }

  stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    this.state.status = 'ended';
    this.events.onChange();
  }

  #measure() {
    const vitals = simulatedVitals(this.random);
    let fields: ReadingFields = {};
    for (const [uuid, bytes] of Object.entries(simulatedFrames(vitals))) {
      fields = { ...fields, ...decodeValue(this.state, Number(uuid), bytes) };
    }
    fields = { ...fields, steps: vitals.steps, sleepHours: vitals.sleepHours };
    const now = Date.now();
    noteReading(this.state, fields, now);
    this.events.onReading(fields, now);
    this.events.onChange();
  }
}
