/**
 * Web Bluetooth emulation for browser journeys: virtual BLE peripherals in headless Chromium, driven
 * through the DevTools protocol (BluetoothEmulation on a browser-level session, DeviceAccess for the
 * device chooser on the page's session). Launch Chromium with `--enable-features=WebBluetooth`.
 *
 * What works, verified on Chromium 156.0.8078.79 with playwright-core 1.65 (e2e/bluetooth-emulation.test.ts):
 * - the chooser: DeviceAccess.deviceRequestPrompted, answered by selectPrompt or cancelPrompt
 *   (cancel → the page gets NotFoundError "User cancelled the requestDevice() chooser.");
 * - requestDevice filters by advertised service and by name prefix, and optionalServices;
 * - connect, primary-service discovery, characteristic reads and writes, startNotifications and
 *   stopNotifications (a subscribe/unsubscribe characteristic operation), descriptor reads;
 * - `characteristicvaluechanged` after readValue() on a subscribed characteristic;
 * - failed connection attempts: a non-zero HCI code to the `connection` operation rejects connect()
 *   with NetworkError (0x08 Connection Timeout: "Connection Error: Connection attempt failed.");
 * - simulateGATTDisconnection → `gattserverdisconnected` on the page;
 * - BluetoothEmulation.disable, then enable on a new browser session: a clean adapter per journey.
 *
 * What does not, or differs from a real device (each seen on that build):
 * - There is no command to push a notification or indication, so a value only reaches the page when
 *   the page reads it. A characteristic that is notify/indicate-only on real devices (Heart Rate
 *   Measurement, Temperature Measurement, PLX Continuous, Blood Pressure Measurement) must be given
 *   `read: true` here, and a client under test must read as well as subscribe.
 * - The chooser event fires two or three times per prompt id, the device list growing as
 *   advertisements arrive; a second selectPrompt for one id crashed the browser (target closed).
 *   Each id is answered once, when the wanted device is listed.
 * - Device names in the chooser are empty; device ids are the addresses, so choose by address.
 * - Without the Client Characteristic Configuration descriptor (0x2902) startNotifications() fails
 *   with NotSupportedError "GATT Error: Not supported."; addPeripheral adds it to every
 *   notify/indicate characteristic. Chromium does not write it on subscribe (it sends a characteristic
 *   subscribe operation instead), so a read of it answers what this harness keeps: 01 00 while
 *   notifying, 02 00 while indicating, 00 00 after stopNotifications().
 * - The emulated adapter is not per context: enabled on a browser-level session, it serves pages of a
 *   context made separately (browser.newContext()). Run journeys one at a time and dispose() between
 *   them. It belongs to the CDP session that enabled it: every command is sent on that one session
 *   (a second browser session is answered "BluetoothEmulation not enabled").
 * - Every `connection` and `discovery` operation must be answered: with discovery unanswered,
 *   getPrimaryService() was still pending after 8 s. This harness answers every operation at once.
 *
 * - simulateGATTDisconnection also forgets the peripheral's services: a reconnect succeeds but finds
 *   none until restoreServices() adds them again (a real device still has them when it comes back).
 * - The emulated adapter serves the first document the page loads after emulateBluetooth(); once the
 *   page navigates to another document, requestDevice() fails "Bluetooth adapter not available."
 *   Load the screen under test first (in-app links keep the document).
 *
 * - simulateAdvertisement needs every scanRecord field (name, uuids, appearance, txPower,
 *   manufacturerData); with only name and uuids it was not answered within 5 s.
 *
 * Checked by hand on that build besides the journeys: the second selectPrompt, the missing CCCD, the
 * second session, the unanswered discovery and the partial scanRecord.
 */
import { gattUuid } from '@vigil/domain';
import type { Browser, CDPSession, Page } from 'playwright-core';

/** Client Characteristic Configuration descriptor: required for notifications and indications. */
const CCCD = 0x2902;
/** HCI status codes (Bluetooth Core Specification Vol 1 Part F). */
export const HCI_SUCCESS = 0x00;
export const HCI_CONNECTION_TIMEOUT = 0x08;
/** ATT status for a successful characteristic or descriptor operation. */
const ATT_SUCCESS = 0x00;

export interface EmulatedCharacteristicProperties {
  read?: boolean;
  write?: boolean;
  writeWithoutResponse?: boolean;
  notify?: boolean;
  indicate?: boolean;
}

export interface EmulatedCharacteristic {
  properties: EmulatedCharacteristicProperties;
  /** What a read answers until setValue changes it; empty when not given. */
  value?: Uint8Array;
}

export interface EmulatedPeripheral {
  /** Bluetooth address, e.g. '0A:00:00:00:00:01'; also the device id in the chooser. */
  address: string;
  /** Advertised and device name (requestDevice namePrefix filters match on it). */
  name: string;
  /** Characteristics by 16-bit service UUID, then 16-bit characteristic UUID. */
  services: Record<number, Record<number, EmulatedCharacteristic>>;
  /** Service UUIDs in the advertisement (requestDevice `services` filters match on them); default all. */
  advertisedServices?: number[];
  rssi?: number;
}

/** What happened on the emulated adapter, in order; tests assert on it. */
export type EmulationEvent =
  | { kind: 'connection' | 'discovery'; address: string; code: number }
  | {
      kind: 'read' | 'write' | 'subscribe-to-notifications' | 'unsubscribe-from-notifications';
      address: string;
      service: number;
      characteristic: number;
      data?: Uint8Array;
    }
  | {
      kind: 'descriptor-read' | 'descriptor-write';
      address: string;
      service: number;
      characteristic: number;
      descriptor: number;
      data?: Uint8Array;
    }
  | { kind: 'chooser'; promptId: string; action: 'select' | 'cancel'; deviceId?: string; listed: string[] };

export interface BluetoothEmulation {
  /** Makes a peripheral known, advertising, with its services, characteristics and CCCDs. */
  addPeripheral(peripheral: EmulatedPeripheral): Promise<void>;
  /** The bytes later reads of this characteristic answer (there is no notification push). */
  setValue(address: string, service: number, characteristic: number, bytes: Uint8Array): void;
  /** The next `times` connection attempts to `address` fail with `hciCode`, later ones succeed. */
  failConnections(address: string, times: number, hciCode?: number): void;
  /** How the next device choosers are answered, each prompt once: choose `address`, or cancel. */
  onChooser(action: 'select', address: string): void;
  onChooser(action: 'cancel'): void;
  /** Drops the GATT connection as if the device went away (`gattserverdisconnected`). */
  disconnect(address: string): Promise<void>;
  /**
   * Gives a dropped peripheral its services again, with the values set last. After
   * simulateGATTDisconnection the emulation forgets the peripheral's services (Chromium 156: a
   * reconnect then finds none), unlike a real device, which still has them when it comes back.
   */
  restoreServices(address: string): Promise<void>;
  /** The adapter as the page sees it: 'absent' makes requestDevice() fail "Bluetooth adapter not available." */
  setAdapterState(state: 'absent' | 'powered-off' | 'powered-on'): Promise<void>;
  /** Every operation answered and chooser answer given, in order. */
  readonly events: readonly EmulationEvent[];
  /** What went wrong inside the harness (an unanswerable prompt, a failed answer); should stay empty. */
  readonly problems: readonly string[];
  /** Returns the problems so far and forgets them, for a test that provokes one on purpose. */
  takeProblems(): string[];
  /** Turns the emulation off and detaches both sessions. */
  dispose(): Promise<void>;
}

export interface EmulateBluetoothOptions {
  /** A chooser that never lists the chosen device is cancelled after this long (a problem is noted). */
  chooserTimeoutMs?: number;
}

interface CharacteristicState {
  address: string;
  service: number;
  characteristic: number;
  properties: EmulatedCharacteristicProperties;
  value: Uint8Array;
}

interface DescriptorState {
  owner: CharacteristicState;
  descriptor: number;
  value: Uint8Array;
}

type ChooserPolicy = { action: 'select'; address: string } | { action: 'cancel' } | null;

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const fromBase64 = (data: string | undefined) =>
  data === undefined ? undefined : Buffer.from(data, 'base64');
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const key = (address: string, service: number, characteristic: number) =>
  `${address.toLowerCase()}/${service}/${characteristic}`;

class CdpBluetoothEmulation implements BluetoothEmulation {
  readonly events: EmulationEvent[] = [];
  problems: string[] = [];
  readonly #characteristics = new Map<string, CharacteristicState>();
  readonly #byKey = new Map<string, CharacteristicState>();
  readonly #descriptors = new Map<string, DescriptorState>();
  readonly #connectionFailures = new Map<string, { times: number; code: number }>();
  readonly #answeredPrompts = new Set<string>();
  readonly #peripherals = new Map<string, EmulatedPeripheral>();
  readonly #chooserTimers = new Map<string, NodeJS.Timeout>();
  /** The devices each open prompt listed last. */
  readonly #listed = new Map<string, string[]>();
  #chooser: ChooserPolicy = null;
  #isDisposed = false;

  constructor(
    private readonly browserSession: CDPSession,
    private readonly pageSession: CDPSession,
    private readonly chooserTimeoutMs: number,
  ) {
    browserSession.on('BluetoothEmulation.gattOperationReceived', this.#onGattOperation);
    browserSession.on('BluetoothEmulation.characteristicOperationReceived', this.#onCharacteristicOperation);
    browserSession.on('BluetoothEmulation.descriptorOperationReceived', this.#onDescriptorOperation);
    pageSession.on('DeviceAccess.deviceRequestPrompted', this.#onPrompt);
  }

  async addPeripheral(peripheral: EmulatedPeripheral): Promise<void> {
    const { address, name } = peripheral;
    const services = Object.keys(peripheral.services).map(Number);
    const advertised = (peripheral.advertisedServices ?? services).map(gattUuid);
    await this.browserSession.send('BluetoothEmulation.simulatePreconnectedPeripheral', {
      address,
      name,
      manufacturerData: [],
      knownServiceUuids: advertised,
    });
    // Every scanRecord field must be present: without appearance, txPower and manufacturerData the
    // command was not answered within 5 s, and the session was unusable after it.
    await this.browserSession.send('BluetoothEmulation.simulateAdvertisement', {
      entry: {
        deviceAddress: address,
        rssi: peripheral.rssi ?? -50,
        scanRecord: { name, uuids: advertised, appearance: 0, txPower: 0, manufacturerData: [] },
      },
    });
    this.#peripherals.set(address.toLowerCase(), peripheral);
    await this.#addServices(peripheral);
  }

  async restoreServices(address: string): Promise<void> {
    const peripheral = this.#peripherals.get(address.toLowerCase());
    if (!peripheral) throw new Error(`No peripheral ${address}`);
    await this.#addServices(peripheral);
  }

  async #addServices(peripheral: EmulatedPeripheral): Promise<void> {
    const { address } = peripheral;
    const services = Object.keys(peripheral.services).map(Number);
    for (const service of services) {
      const { serviceId } = await this.browserSession.send('BluetoothEmulation.addService', {
        address,
        serviceUuid: gattUuid(service),
      });
      for (const [uuid, spec] of Object.entries(peripheral.services[service]!)) {
        const characteristic = Number(uuid);
        const { characteristicId } = await this.browserSession.send('BluetoothEmulation.addCharacteristic', {
          serviceId,
          characteristicUuid: gattUuid(characteristic),
          properties: spec.properties,
        });
        const state: CharacteristicState = {
          address,
          service,
          characteristic,
          properties: spec.properties,
          // Services added again after a drop keep the value the test set last.
          value:
            this.#byKey.get(key(address, service, characteristic))?.value ?? spec.value ?? new Uint8Array(),
        };
        this.#characteristics.set(characteristicId, state);
        this.#byKey.set(key(address, service, characteristic), state);
        if (spec.properties.notify || spec.properties.indicate) {
          const { descriptorId } = await this.browserSession.send('BluetoothEmulation.addDescriptor', {
            characteristicId,
            descriptorUuid: gattUuid(CCCD),
          });
          this.#descriptors.set(descriptorId, { owner: state, descriptor: CCCD, value: Uint8Array.of(0, 0) });
        }
      }
    }
  }

  setValue(address: string, service: number, characteristic: number, bytes: Uint8Array): void {
    const state = this.#byKey.get(key(address, service, characteristic));
    if (!state) {
      throw new Error(
        `No characteristic 0x${characteristic.toString(16)} in service 0x${service.toString(16)} of ${address}`,
      );
    }
    state.value = Uint8Array.from(bytes);
  }

  failConnections(address: string, times: number, hciCode = HCI_CONNECTION_TIMEOUT): void {
    this.#connectionFailures.set(address.toLowerCase(), { times, code: hciCode });
  }

  onChooser(action: 'select' | 'cancel', address?: string): void {
    this.#chooser = action === 'select' ? { action, address: address! } : { action: 'cancel' };
  }

  takeProblems(): string[] {
    const taken = this.problems;
    this.problems = [];
    return taken;
  }

  async disconnect(address: string): Promise<void> {
    await this.browserSession.send('BluetoothEmulation.simulateGATTDisconnection', { address });
  }

  async setAdapterState(state: 'absent' | 'powered-off' | 'powered-on'): Promise<void> {
    await this.browserSession.send('BluetoothEmulation.setSimulatedCentralState', { state });
  }

  async dispose(): Promise<void> {
    if (this.#isDisposed) return;
    this.#isDisposed = true;
    for (const timer of this.#chooserTimers.values()) clearTimeout(timer);
    this.browserSession.off('BluetoothEmulation.gattOperationReceived', this.#onGattOperation);
    this.browserSession.off(
      'BluetoothEmulation.characteristicOperationReceived',
      this.#onCharacteristicOperation,
    );
    this.browserSession.off('BluetoothEmulation.descriptorOperationReceived', this.#onDescriptorOperation);
    this.pageSession.off('DeviceAccess.deviceRequestPrompted', this.#onPrompt);
    // The page or browser may already be closed: nothing left to turn off then.
    await this.pageSession.send('DeviceAccess.disable').catch(() => {});
    await this.browserSession.send('BluetoothEmulation.disable').catch(() => {});
    await this.pageSession.detach().catch(() => {});
    await this.browserSession.detach().catch(() => {});
  }

  /** Sends an answer; a failure is a problem for the test to see, not an unhandled rejection. */
  #answer(what: string, send: () => Promise<unknown>): void {
    send().catch((error: Error) => {
      if (!this.#isDisposed) this.problems.push(`${what}: ${error.message}`);
    });
  }

  #onGattOperation = ({ address, type }: { address: string; type: 'connection' | 'discovery' }) => {
    let code = HCI_SUCCESS;
    const failures = this.#connectionFailures.get(address.toLowerCase());
    if (type === 'connection' && failures && failures.times > 0) {
      failures.times--;
      code = failures.code;
    }
    this.events.push({ kind: type, address, code });
    this.#answer(`answering ${type} of ${address}`, () =>
      this.browserSession.send('BluetoothEmulation.simulateGATTOperationResponse', { address, type, code }),
    );
  };

  #onCharacteristicOperation = (event: {
    characteristicId: string;
    type: 'read' | 'write' | 'subscribe-to-notifications' | 'unsubscribe-from-notifications';
    data?: string;
  }) => {
    const { characteristicId, type } = event;
    const state = this.#characteristics.get(characteristicId);
    if (!state) {
      this.problems.push(`${type} of unknown characteristic ${characteristicId}`);
      return;
    }
    const { address, service, characteristic } = state;
    const data = type === 'read' ? state.value : fromBase64(event.data);
    this.events.push({ kind: type, address, service, characteristic, ...(data ? { data } : {}) });
    if (type === 'subscribe-to-notifications' || type === 'unsubscribe-from-notifications') {
      const cccd = [...this.#descriptors.values()].find((d) => d.owner === state && d.descriptor === CCCD);
      const bits = type === 'unsubscribe-from-notifications' ? 0 : state.properties.notify ? 0x01 : 0x02;
      if (cccd) cccd.value = Uint8Array.of(bits, 0);
    }
    this.#answer(`answering ${type} of ${characteristicId}`, () =>
      this.browserSession.send('BluetoothEmulation.simulateCharacteristicOperationResponse', {
        characteristicId,
        type,
        code: ATT_SUCCESS,
        ...(type === 'read' ? { data: base64(state.value) } : {}),
      }),
    );
  };

  #onDescriptorOperation = (event: { descriptorId: string; type: 'read' | 'write'; data?: string }) => {
    const { descriptorId, type } = event;
    const state = this.#descriptors.get(descriptorId);
    if (!state) {
      this.problems.push(`${type} of unknown descriptor ${descriptorId}`);
      return;
    }
    const written = fromBase64(event.data);
    if (type === 'write' && written) state.value = Uint8Array.from(written);
    const { address, service, characteristic } = state.owner;
    this.events.push({
      kind: type === 'read' ? 'descriptor-read' : 'descriptor-write',
      address,
      service,
      characteristic,
      descriptor: state.descriptor,
      data: state.value,
    });
    this.#answer(`answering descriptor ${type} of ${descriptorId}`, () =>
      this.browserSession.send('BluetoothEmulation.simulateDescriptorOperationResponse', {
        descriptorId,
        type,
        code: ATT_SUCCESS,
        ...(type === 'read' ? { data: base64(state.value) } : {}),
      }),
    );
  };

  #onPrompt = ({ id, devices }: { id: string; devices: { id: string; name: string }[] }) => {
    // The event repeats for one prompt as devices show up; a second answer crashes the browser.
    if (this.#answeredPrompts.has(id)) return;
    const ids = devices.map((d) => d.id);
    this.#listed.set(id, ids);
    const policy = this.#chooser;
    if (policy?.action === 'select') {
      const device = devices.find((d) => sameAddress(d.id, policy.address));
      if (!device) {
        this.#cancelLater(id, `the chooser never listed ${policy.address}`);
        return;
      }
      this.#settlePrompt(id);
      this.events.push({ kind: 'chooser', promptId: id, action: 'select', deviceId: device.id, listed: ids });
      this.#answer(`selecting ${device.id}`, () =>
        this.pageSession.send('DeviceAccess.selectPrompt', { id, deviceId: device.id }),
      );
      return;
    }
    if (policy === null) this.problems.push('a device chooser opened, but onChooser() was not called');
    this.#settlePrompt(id);
    this.events.push({ kind: 'chooser', promptId: id, action: 'cancel', listed: ids });
    this.#answer('cancelling the chooser', () => this.pageSession.send('DeviceAccess.cancelPrompt', { id }));
  };

  #settlePrompt(id: string): void {
    this.#answeredPrompts.add(id);
    clearTimeout(this.#chooserTimers.get(id));
    this.#chooserTimers.delete(id);
  }

  #cancelLater(id: string, reason: string): void {
    if (this.#chooserTimers.has(id)) return;
    const timer = setTimeout(() => {
      if (this.#answeredPrompts.has(id) || this.#isDisposed) return;
      this.#settlePrompt(id);
      this.problems.push(`${reason} within ${this.chooserTimeoutMs} ms; cancelled it`);
      this.events.push({
        kind: 'chooser',
        promptId: id,
        action: 'cancel',
        listed: this.#listed.get(id) ?? [],
      });
      this.#answer('cancelling the chooser', () =>
        this.pageSession.send('DeviceAccess.cancelPrompt', { id }),
      );
    }, this.chooserTimeoutMs);
    this.#chooserTimers.set(id, timer);
  }
}

/**
 * Turns on Web Bluetooth emulation for `page`: a powered-on LE adapter with no devices yet, every GATT,
 * characteristic and descriptor operation answered at once, and the device chooser answered as
 * {@link BluetoothEmulation.onChooser} says. Dispose it before the next journey.
 */
export async function emulateBluetooth(
  browser: Browser,
  page: Page,
  options: EmulateBluetoothOptions = {},
): Promise<BluetoothEmulation> {
  const browserSession = await browser.newBrowserCDPSession();
  const pageSession = await page.context().newCDPSession(page);
  const emulation = new CdpBluetoothEmulation(browserSession, pageSession, options.chooserTimeoutMs ?? 5_000);
  try {
    await browserSession.send('BluetoothEmulation.enable', { state: 'powered-on', leSupported: true });
    await pageSession.send('DeviceAccess.enable');
  } catch (error) {
    await emulation.dispose();
    throw error;
  }
  return emulation;
}
