import { EventEmitter } from 'node:events';
import type { Characteristic, Noble, Peripheral } from '@stoprocent/noble';
import { GATT_CHARACTERISTICS, parseGattUuid } from '@vigil/domain';
import type { Logger } from '../log.ts';
import {
  type AdapterState,
  AdapterUnavailableError,
  type BleCentral,
  type CentralEvents,
} from './central.ts';
import { READ_ON_CONNECT, SUBSCRIBED_CHARACTERISTICS, SUPPORTED_SERVICES } from './gatt-profile.ts';

const HCI_REASONS: Record<number, string> = {
  8: 'connection timed out (out of range?)',
  19: 'the device ended the connection',
  22: 'the bridge ended the connection',
  62: 'the connection could not be established',
};

function describeReason(reason: unknown): string {
  if (typeof reason === 'number') return HCI_REASONS[reason] ?? `HCI status 0x${reason.toString(16)}`;
  return typeof reason === 'string' && reason ? reason : 'connection lost';
}

function toAdapterState(state: string): AdapterState {
  return state === 'poweredOn' ||
    state === 'poweredOff' ||
    state === 'unsupported' ||
    state === 'unauthorized'
    ? state
    : 'unknown';
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const isSupported = (uuid: string, list: readonly number[]) => {
  const short = parseGattUuid(uuid);
  return short !== null && list.includes(short);
};

/**
 * The central over @stoprocent/noble. It takes a noble instance, so tests (and other bindings)
 * inject `new Noble(bindings)`; the bridge passes the library's default instance.
 */
export class NobleCentral implements BleCentral {
  readonly simulated = false;
  private readonly events = new EventEmitter();
  private readonly peripherals = new Map<string, Peripheral>();
  /** Established connections: their disconnects are reported, a failed set-up's are not. */
  private readonly connected = new Set<string>();
  private state: AdapterState = 'unknown';
  private userScan = false;
  /** connect() calls scanning to find a device not seen since the bridge started. */
  private finders = 0;

  private readonly noble: Noble;
  private readonly log: Logger;

  constructor(noble: Noble, log: Logger) {
    this.noble = noble;
    this.log = log;
    noble.on('stateChange', (s: string) => {
      const next = toAdapterState(s);
      if (next === this.state) return;
      this.state = next;
      // noble forgets its peripherals when the adapter goes: connecting needs a fresh discovery.
      if (next !== 'poweredOn') this.peripherals.clear();
      if (next !== 'poweredOn' && this.userScan) {
        this.userScan = false;
        this.emit('scanning', false);
      }
      this.emit('adapterState', next);
    });
    noble.on('discover', (p: Peripheral) => this.onDiscover(p));
    noble.on('warning', (message: string) => this.log.debug('noble warning', { message }));
  }

  get adapterState() {
    return this.state;
  }

  get scanning() {
    return this.userScan;
  }

  on<E extends keyof CentralEvents>(event: E, listener: (...args: CentralEvents[E]) => void): void {
    this.events.on(event, listener as (...args: unknown[]) => void);
  }

  private emit<E extends keyof CentralEvents>(event: E, ...args: CentralEvents[E]) {
    this.events.emit(event, ...args);
  }

  private onDiscover(p: Peripheral) {
    const advertised = p.advertisement?.serviceUuids ?? [];
    const name = p.advertisement?.localName || null;
    // Phones, headphones and beacons fill a ward's air: offer health devices and named ones only.
    if (!advertised.some((u) => isSupported(u, SUPPORTED_SERVICES)) && !name) return;
    this.peripherals.set(p.id, p);
    this.emit('discover', {
      id: p.id,
      name,
      rssi: typeof p.rssi === 'number' ? p.rssi : null,
      simulated: false,
    });
  }

  private async updateScanning() {
    const want = this.userScan || this.finders > 0;
    if (want) await this.noble.startScanningAsync([], false);
    else await this.noble.stopScanningAsync();
  }

  async startScan() {
    if (this.state !== 'poweredOn') throw new AdapterUnavailableError(this.state);
    if (this.userScan) return;
    this.userScan = true;
    try {
      await this.updateScanning();
    } catch (error) {
      this.userScan = false;
      throw error;
    }
    this.emit('scanning', true);
  }

  async stopScan() {
    if (!this.userScan) return;
    this.userScan = false;
    this.emit('scanning', false);
    if (this.state === 'poweredOn') await this.updateScanning().catch(() => {});
  }

  /** Scans until the device advertises (it may not have been seen since the bridge started). */
  private async find(deviceId: string, timeoutMs: number): Promise<Peripheral> {
    if (this.state !== 'poweredOn') throw new AdapterUnavailableError(this.state);
    const known = this.peripherals.get(deviceId);
    if (known) return known;
    this.finders++;
    let listener: (p: Peripheral) => void = () => {};
    try {
      const found = new Promise<Peripheral>((resolve) => {
        listener = (p) => {
          if (p.id === deviceId) resolve(p);
        };
        this.noble.on('discover', listener);
      });
      await this.updateScanning();
      return await withTimeout(found, timeoutMs, 'Finding the device', () => {});
    } finally {
      this.noble.removeListener('discover', listener);
      this.finders--;
      if (this.state === 'poweredOn') await this.updateScanning().catch(() => {});
    }
  }

  async connect(deviceId: string, timeoutMs: number) {
    const started = Date.now();
    const p = await this.find(deviceId, timeoutMs);
    const left = () => Math.max(1000, timeoutMs - (Date.now() - started));
    if (p.state === 'connected' && this.connected.has(deviceId)) return;
    await withTimeout(p.connectAsync(), left(), 'Connecting', () => p.cancelConnect());
    try {
      await withTimeout(this.subscribe(p), left(), 'Reading the device', () => {});
    } catch (error) {
      // Half set up is not connected: let go of the device and report the failure.
      p.disconnect();
      throw error;
    }
    this.connected.add(deviceId);
    p.once('disconnect', (reason: unknown) => {
      this.connected.delete(deviceId);
      this.emit('disconnect', deviceId, describeReason(reason));
    });
  }

  private async subscribe(p: Peripheral) {
    const services = (await p.discoverServicesAsync([])).filter((s) =>
      isSupported(s.uuid, SUPPORTED_SERVICES),
    );
    const characteristics: Characteristic[] = [];
    for (const service of services) characteristics.push(...(await service.discoverCharacteristicsAsync([])));
    let useful = 0;
    for (const c of characteristics) {
      const short = parseGattUuid(c.uuid);
      if (short === null) continue;
      const push =
        SUBSCRIBED_CHARACTERISTICS.includes(short) &&
        c.properties.some((x) => x === 'notify' || x === 'indicate');
      const read = READ_ON_CONNECT.includes(short) && c.properties.includes('read');
      if (!push && !read) continue;
      // Reads and notifications both arrive as 'data': one listener hands on each value once.
      c.on('data', (data: Buffer) =>
        this.emit('value', {
          deviceId: p.id,
          characteristic: short,
          bytes: new Uint8Array(data),
          receivedAt: new Date(),
        }),
      );
      if (push) {
        await c.subscribeAsync();
        // Battery alone is not a health measurement.
        if (short !== GATT_CHARACTERISTICS.batteryLevel) useful++;
      }
      if (read) await c.readAsync();
    }
    if (useful === 0) throw new Error('the device offers none of the supported health measurements');
  }

  async disconnect(deviceId: string) {
    const p = this.peripherals.get(deviceId);
    if (!p || (p.state !== 'connected' && p.state !== 'connecting')) return;
    if (p.state === 'connecting') {
      p.cancelConnect();
      return;
    }
    await withTimeout(p.disconnectAsync(), 5000, 'Disconnecting', () => {}).catch((error) =>
      this.log.warn('disconnect did not complete', { deviceId, err: error }),
    );
  }

  async close() {
    await this.stopScan();
    for (const id of [...this.connected]) await this.disconnect(id);
    this.noble.stop();
  }
}

/** A central for a machine where noble cannot even load: it says so, and the bridge keeps serving. */
export class UnavailableCentral implements BleCentral {
  readonly simulated = false;
  readonly adapterState: AdapterState = 'unsupported';
  readonly scanning = false;
  async startScan(): Promise<void> {
    throw new AdapterUnavailableError('unsupported');
  }
  async stopScan() {}
  async connect(): Promise<void> {
    throw new AdapterUnavailableError('unsupported');
  }
  async disconnect() {}
  on() {}
  async close() {}
}

/**
 * Loads noble only when Bluetooth is wanted (not in simulation), and only here: a BLE library can
 * fail at load time on a machine without Bluetooth, and the bridge must start anyway.
 */
export async function loadNobleCentral(log: Logger): Promise<BleCentral> {
  try {
    const { default: noble } = await import('@stoprocent/noble');
    return new NobleCentral(noble, log);
  } catch (error) {
    log.warn('Bluetooth library could not load; the bridge runs without Bluetooth', { err: error });
    return new UnavailableCentral();
  }
}
