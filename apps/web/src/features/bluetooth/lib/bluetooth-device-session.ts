import { GATT_CHARACTERISTICS, gattUuid } from '@vigil/domain';
import {
  GATT_CONNECT_TIMEOUT_MS,
  GATT_CONNECT_WAITS_MS,
  POLL_INTERVAL_MS,
  RECONNECT_WAITS_MS,
  SERVICE_CHARACTERISTICS,
} from './bluetooth-constants.ts';
import { BLUETOOTH_MESSAGES, BluetoothError } from './bluetooth-errors.ts';
import {
  type DeviceSession,
  type DeviceSessionEvents,
  decodeValue,
  initialState,
  noteReading,
} from './device-session.ts';
import { type Sleep, sleep, withRetries, withTimeout } from './retry.ts';

const CHARACTERISTIC_UUIDS = new Map(
  Object.values(GATT_CHARACTERISTICS).map((short) => [gattUuid(short), short] as const),
);

/** Copies a DataView's bytes (the browser may reuse its buffer). */
const bytesOf = (view: DataView) =>
  new Uint8Array(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

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
