import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type { Noble } from '@stoprocent/noble';

/**
 * Bluetooth without hardware: bindings that speak noble's internal bindings contract (the events
 * noble's core listens to: stateChange, scanStart, discover, connect, servicesDiscover,
 * characteristicsDiscover, read with isNotification, notify, disconnect …) for virtual peripherals.
 * noble's real core (`lib/noble.js`, peripheral, service, characteristic) runs on top, so the bridge's
 * noble code path is exercised as on a ward. The contract is internal to noble: the package is
 * pinned to an exact version, and these tests fail loudly if it moves.
 */

type Property = 'read' | 'notify' | 'indicate';

export interface VirtualCharacteristic {
  uuid: number;
  properties: Property[];
  /** What a read answers. */
  value?: Uint8Array;
}

export interface VirtualService {
  uuid: number;
  characteristics: VirtualCharacteristic[];
}

export interface VirtualPeripheralSpec {
  /** noble id: lower-case hex (the address without colons, as on Linux). */
  id: string;
  name: string | null;
  services: VirtualService[];
  /** Services in the advertisement (default: all). */
  advertised?: number[];
  rssi?: number;
}

const hex4 = (uuid: number) => uuid.toString(16).padStart(4, '0');
const addressOf = (id: string) => id.match(/../g)!.join(':');

interface PeripheralState {
  spec: VirtualPeripheralSpec;
  connected: boolean;
  inRange: boolean;
  subscribed: Set<string>;
}

/** The air around the bridge: the adapter's state and the virtual peripherals in it. */
export class EmulatedWorld {
  adapterState: string;
  readonly peripherals = new Map<string, PeripheralState>();
  /** Every bindings call noble made, in order, for assertions ("no reconnect after Disconnect"). */
  readonly calls: { method: string; id?: string }[] = [];
  bindings: EmulatedBindings | null = null;

  constructor(options: { adapterState?: string; peripherals?: VirtualPeripheralSpec[] } = {}) {
    this.adapterState = options.adapterState ?? 'poweredOn';
    for (const spec of options.peripherals ?? []) this.add(spec);
  }

  add(spec: VirtualPeripheralSpec) {
    this.peripherals.set(spec.id, { spec, connected: false, inRange: true, subscribed: new Set() });
  }

  private get b(): EmulatedBindings {
    if (!this.bindings) throw new Error('noble has not started the emulated bindings');
    return this.bindings;
  }

  /** The adapter changes state (Bluetooth switched off, dongle unplugged …). */
  setAdapterState(state: string) {
    this.adapterState = state;
    this.b.emit('stateChange', state);
  }

  /** The peripheral sends a notification or indication of a characteristic it is subscribed on. */
  notify(id: string, characteristic: number, bytes: Uint8Array) {
    const p = this.peripherals.get(id)!;
    const service = p.spec.services.find((s) => s.characteristics.some((c) => c.uuid === characteristic))!;
    if (!p.connected || !p.subscribed.has(hex4(characteristic))) return false;
    this.b.emit('read', id, hex4(service.uuid), hex4(characteristic), Buffer.from(bytes), true);
    return true;
  }

  /** The link drops (out of range, battery dead): HCI reason 0x08, connection timeout. */
  drop(id: string, options: { outOfRange?: boolean } = {}) {
    const p = this.peripherals.get(id)!;
    if (options.outOfRange) p.inRange = false;
    if (!p.connected) return;
    p.connected = false;
    p.subscribed.clear();
    this.b.emit('disconnect', id, 0x08);
  }

  /** The peripheral is reachable again (back in range). */
  comeBack(id: string) {
    this.peripherals.get(id)!.inRange = true;
  }

  isConnected(id: string) {
    return this.peripherals.get(id)?.connected ?? false;
  }

  count(method: string, id?: string) {
    return this.calls.filter((c) => c.method === method && (id === undefined || c.id === id)).length;
  }
}

/** The bindings object noble's core drives (what lib/hci-socket/bindings.js is on Linux). */
export class EmulatedBindings extends EventEmitter {
  private scanning = false;

  private readonly world: EmulatedWorld;

  constructor(world: EmulatedWorld) {
    super();
    this.world = world;
    world.bindings = this;
  }

  private later(event: string, ...args: unknown[]) {
    setImmediate(() => this.emit(event, ...args));
  }

  private peripheral(id: string) {
    return this.world.peripherals.get(id);
  }

  start() {
    this.world.calls.push({ method: 'start' });
    this.later('addressChange', '00:1a:7d:da:71:13');
    this.later('stateChange', this.world.adapterState);
  }

  stop() {
    this.world.calls.push({ method: 'stop' });
    this.scanning = false;
  }

  reset() {}

  setScanParameters() {
    this.later('scanParametersSet');
  }

  startScanning(_serviceUuids: string[] | undefined, allowDuplicates: boolean) {
    this.world.calls.push({ method: 'startScanning' });
    this.scanning = true;
    this.later('scanStart', !allowDuplicates);
    setImmediate(() => {
      for (const p of this.world.peripherals.values()) if (p.inRange) this.advertise(p);
    });
  }

  private advertise(p: PeripheralState) {
    if (!this.scanning || this.world.adapterState !== 'poweredOn') return;
    const { spec } = p;
    const advertisement = {
      localName: spec.name ?? undefined,
      serviceUuids: (spec.advertised ?? spec.services.map((s) => s.uuid)).map(hex4),
      serviceData: [],
      serviceSolicitationUuids: [],
      manufacturerData: undefined,
      txPowerLevel: undefined,
    };
    this.emit('discover', spec.id, addressOf(spec.id), 'public', true, advertisement, spec.rssi ?? -60, true);
  }

  stopScanning() {
    this.world.calls.push({ method: 'stopScanning' });
    this.scanning = false;
    this.later('scanStop');
  }

  addressToId(address: string) {
    return address.replace(/:/g, '').toLowerCase();
  }

  connect(id: string) {
    this.world.calls.push({ method: 'connect', id });
    const p = this.peripheral(id);
    // Out of range: like a real controller, nothing answers (the caller's timeout decides).
    if (!p?.inRange) return;
    setImmediate(() => {
      p.connected = true;
      this.emit('connect', id, null);
    });
  }

  cancelConnect(id: string) {
    this.world.calls.push({ method: 'cancelConnect', id });
  }

  disconnect(id: string) {
    this.world.calls.push({ method: 'disconnect', id });
    const p = this.peripheral(id);
    if (!p?.connected) return;
    p.connected = false;
    p.subscribed.clear();
    this.later('disconnect', id, 0x16);
  }

  updateRssi(id: string) {
    this.later('rssiUpdate', id, this.peripheral(id)?.spec.rssi ?? -60);
  }

  discoverServices(id: string, uuids: string[] = []) {
    const p = this.peripheral(id)!;
    const services = p.spec.services
      .map((s) => hex4(s.uuid))
      .filter((u) => uuids.length === 0 || uuids.includes(u));
    this.later('servicesDiscover', id, services);
  }

  discoverIncludedServices(id: string, serviceUuid: string) {
    this.later('includedServicesDiscover', id, serviceUuid, []);
  }

  discoverCharacteristics(id: string, serviceUuid: string, uuids: string[] = []) {
    const service = this.peripheral(id)!.spec.services.find((s) => hex4(s.uuid) === serviceUuid)!;
    const characteristics = service.characteristics
      .filter((c) => uuids.length === 0 || uuids.includes(hex4(c.uuid)))
      .map((c) => ({ uuid: hex4(c.uuid), properties: c.properties }));
    this.later('characteristicsDiscover', id, serviceUuid, characteristics);
  }

  read(id: string, serviceUuid: string, characteristicUuid: string) {
    this.world.calls.push({ method: 'read', id });
    const service = this.peripheral(id)!.spec.services.find((s) => hex4(s.uuid) === serviceUuid)!;
    const c = service.characteristics.find((x) => hex4(x.uuid) === characteristicUuid)!;
    this.later('read', id, serviceUuid, characteristicUuid, Buffer.from(c.value ?? new Uint8Array()), false);
  }

  notify(id: string, serviceUuid: string, characteristicUuid: string, enable: boolean) {
    this.world.calls.push({ method: 'notify', id });
    const p = this.peripheral(id)!;
    if (enable) p.subscribed.add(characteristicUuid);
    else p.subscribed.delete(characteristicUuid);
    this.later('notify', id, serviceUuid, characteristicUuid, enable);
  }

  discoverDescriptors(id: string, serviceUuid: string, characteristicUuid: string) {
    this.later('descriptorsDiscover', id, serviceUuid, characteristicUuid, ['2902']);
  }
}

const NobleCore = createRequire(import.meta.url)('@stoprocent/noble/lib/noble') as new (
  bindings: unknown,
) => Noble;

/** noble's real core on the emulated bindings: `new Noble(bindings)`, as the library builds its own. */
export function emulatedNoble(world: EmulatedWorld): Noble {
  return new NobleCore(new EmulatedBindings(world));
}
