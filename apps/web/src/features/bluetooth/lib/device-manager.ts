import { CONNECTION_TYPES, type DeviceLinkState, type DeviceReadingInput } from '@vigil/domain';
import {
  createDeviceLink,
  endDeviceLink,
  heartbeatDeviceLink,
  updateDeviceLink,
} from '@/features/devices/api/device-links.ts';
import { postDeviceReadings } from '@/features/readings/api/post-device-readings.ts';
import { HttpError } from '@/lib/api-client.ts';
import { newIdempotencyKey } from '@/lib/idempotency-key.ts';
import { toastSuccess } from '@/lib/toast.ts';
import {
  DEMO_DEVICE_NAME,
  DEVICE_FILTERS,
  LINK_CHECK_INTERVAL_MS,
  MERGE_WINDOW_MS,
  OPTIONAL_SERVICES,
} from './bluetooth-constants.ts';
import { BluetoothDeviceSession } from './bluetooth-device-session.ts';
import {
  BLUETOOTH_MESSAGES,
  BluetoothError,
  gattConnectErrorMessage,
  requestDeviceErrorMessage,
} from './bluetooth-errors.ts';
import { isWebBluetoothSupported } from './bluetooth-support.ts';
import type { DeviceSession, DeviceSessionEvents, DeviceSessionState } from './device-session.ts';
import { ReadingBatcher, type TimedReading } from './reading-batcher.ts';
import { SimulatedDeviceSession } from './simulated-device-session.ts';

/** A device this browser holds, as the screens show it. */
export interface LocalDevice {
  deviceId: string;
  deviceName: string | null;
  patientId: number;
  isSimulated: boolean;
  /** The server's link id once registered. */
  linkId: number | null;
  state: DeviceSessionState;
  /** The last failure sending its readings, if the latest send failed. */
  sendError: string | null;
}

interface Managed {
  session: DeviceSession;
  patientId: number;
  linkId: number | null;
  batcher: ReadingBatcher;
  sendError: string | null;
  linkCheck: ReturnType<typeof setInterval> | null;
}

export interface ConnectedDevice {
  deviceId: string;
  deviceName: string | null;
  patientId: number;
}

const isPermanent = (error: unknown) =>
  error instanceof HttpError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![408, 429].includes(error.status);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The Bluetooth devices this browser holds, for the whole signed-in app (a device keeps sending while
 * the nurse moves between screens). Each device's readings go to POST /api/device-readings through a
 * ReadingBatcher; its link (which patient it feeds, its state) is kept on the server so every nurse
 * sees it. The link is the only device truth: the server derives the patient's device fields from it
 * and tells every screen, so this browser never writes them. One per page, given to the screens by
 * DeviceManagerProvider (hooks/use-device-manager.ts), never a module singleton.
 */
export class DeviceManager {
  readonly #devices = new Map<string, Managed>();
  #snapshot: LocalDevice[] = [];
  readonly #listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): LocalDevice[] => this.#snapshot;

  #emit() {
    this.#snapshot = [...this.#devices.values()].map((m) => ({
      deviceId: m.session.deviceId,
      deviceName: m.session.deviceName,
      patientId: m.patientId,
      isSimulated: m.session.isSimulated,
      linkId: m.linkId,
      state: { ...m.session.state, latest: { ...m.session.state.latest } },
      sendError: m.sendError,
    }));
    for (const listener of this.#listeners) listener();
  }

  /**
   * Opens the browser's device chooser, connects the chosen device and links it to the patient. Call
   * it straight from the click: the chooser needs the user's gesture. Rejects with the spec's
   * message (point 8) when nothing is connected; a cancelled chooser is never turned into a demo.
   */
  async connectBluetooth(patientId: number): Promise<ConnectedDevice> {
    if (!isWebBluetoothSupported()) {
      throw new BluetoothError(
        typeof window !== 'undefined' && !window.isSecureContext
          ? BLUETOOTH_MESSAGES.insecure
          : BLUETOOTH_MESSAGES.unsupported,
      );
    }
    let device: BluetoothDevice | undefined;
    try {
      device = await navigator.bluetooth.requestDevice({
        filters: DEVICE_FILTERS,
        optionalServices: OPTIONAL_SERVICES,
      });
    } catch (error) {
      throw new BluetoothError(requestDeviceErrorMessage(error));
    }
    if (!device) throw new BluetoothError(BLUETOOTH_MESSAGES.noDevice);
    await this.#release(device.id);
    const managed = this.#manage(patientId, (events) => new BluetoothDeviceSession(device, events));
    try {
      await managed.session.start();
    } catch (error) {
      await this.#release(device.id);
      throw new BluetoothError(gattConnectErrorMessage(error));
    }
    try {
      await this.#register(managed, CONNECTION_TYPES.bluetooth);
    } catch (error) {
      // Not known to the server, so no other screen would show it: do not keep it connected.
      await this.#release(device.id);
      throw error;
    }
    return { deviceId: device.id, deviceName: managed.session.deviceName, patientId };
  }

  /** "Use Demo Device": a simulated monitor for the patient (Simulation Mode), linked like a real one. */
  async connectDemo(patientId: number): Promise<ConnectedDevice> {
    const deviceId = `demo-${newIdempotencyKey()}`;
    const managed = this.#manage(
      patientId,
      (events) => new SimulatedDeviceSession(deviceId, DEMO_DEVICE_NAME, events),
    );
    try {
      // Registered first: a server that refuses simulation (403) gets no simulated readings at all.
      await this.#register(managed, CONNECTION_TYPES.simulation);
      await managed.session.start();
    } catch (error) {
      await this.#release(deviceId);
      throw error;
    }
    return { deviceId, deviceName: DEMO_DEVICE_NAME, patientId };
  }

  /** The nurse disconnects a device this browser holds: its link ends (the server updates the patient). */
  async disconnect(deviceId: string): Promise<void> {
    const managed = this.#devices.get(deviceId);
    if (!managed) throw new Error(`Failed to disconnect device for patient ID ${deviceId}`);
    await this.#release(deviceId);
    if (managed.linkId !== null) await endDeviceLink(managed.linkId);
  }

  /** Reads the device now (spec point 4: an error when it is not connected). */
  async readNow(deviceId: string): Promise<void> {
    const managed = this.#devices.get(deviceId);
    if (!managed) throw new BluetoothError(BLUETOOTH_MESSAGES.notConnected);
    await managed.session.readNow();
  }

  isHeldHere(deviceId: string): boolean {
    return this.#devices.has(deviceId);
  }

  /** Stops a held device and sends what it still queued. */
  async #release(deviceId: string) {
    const managed = this.#devices.get(deviceId);
    if (!managed) return;
    managed.session.stop();
    if (managed.linkCheck !== null) clearInterval(managed.linkCheck);
    this.#devices.delete(deviceId);
    this.#emit();
    await managed.batcher.close();
  }

  /**
   * The heartbeat: this browser still holds the device (other screens read a link not heard from for
   * DEVICE_LINK_LEASE_MS as "Not reporting"). A 404 means it was ended elsewhere (another screen's
   * "Disconnect"): stop holding the device here too.
   */
  async #checkLink(managed: Managed) {
    const { linkId, patientId, session } = managed;
    if (linkId === null || this.#devices.get(session.deviceId) !== managed) return;
    try {
      await heartbeatDeviceLink(linkId);
      return;
    } catch (error) {
      // Anything but "no such link" (the server unreachable, a 5xx): the link stands until we know.
      if (!(error instanceof HttpError && error.status === 404)) return;
    }
    if (this.#devices.get(session.deviceId) !== managed) return;
    await this.#release(session.deviceId);
    toastSuccess('Device Disconnected', `Successfully disconnected device for patient ID ${patientId}`);
  }

  #manage(patientId: number, create: (events: DeviceSessionEvents) => DeviceSession): Managed {
    const managed = {} as Managed;
    const session = create({
      onReading: (fields, at) => managed.batcher.add(fields, at),
      onChange: () => this.#emit(),
      // Each state change is the link's alone: the server marks a link that gave up lost ("dropped").
      onDropped: () => this.#linkState(managed, 'reconnecting'),
      onReconnected: () => this.#linkState(managed, 'connected'),
      onGaveUp: () => this.#linkState(managed, 'disconnected'),
    });
    Object.assign(managed, {
      session,
      patientId,
      linkId: null,
      sendError: null,
      linkCheck: null,
      batcher: new ReadingBatcher({
        send: (readings, key) => this.#send(managed, readings, key),
        newKey: newIdempotencyKey,
        mergeWindowMs: MERGE_WINDOW_MS,
        isPermanent,
        onError: (error) => {
          managed.sendError = messageOf(error);
          this.#emit();
          // Signed out (or the session expired): nobody may store this device's readings any more.
          if (error instanceof HttpError && error.status === 401) void this.#release(session.deviceId);
        },
        onSent: () => {
          if (managed.sendError === null) return;
          managed.sendError = null;
          this.#emit();
        },
      }),
    } satisfies Managed);
    this.#devices.set(session.deviceId, managed);
    this.#emit();
    return managed;
  }

  async #send(managed: Managed, readings: TimedReading[], key: string) {
    const { session, patientId } = managed;
    const connectionType = session.isSimulated ? CONNECTION_TYPES.simulation : CONNECTION_TYPES.bluetooth;
    const batch: DeviceReadingInput[] = readings.map((r) => ({
      patientId,
      deviceId: session.deviceId,
      deviceName: session.deviceName,
      connectionType,
      readingTime: new Date(r.readingTime).toISOString(),
      ...r.fields,
    }));
    await postDeviceReadings(batch, key);
  }

  /**
   * One call links the device to the patient (POST /api/device-links): the server derives the
   * patient's device fields (spec point 3) from the link and sends every screen the change.
   */
  async #register(managed: Managed, connectionType: 'Bluetooth' | 'Simulation') {
    const { session, patientId } = managed;
    const link = await createDeviceLink({
      patientId,
      deviceId: session.deviceId,
      deviceName: session.deviceName,
      connectionType,
      batteryLevel: session.state.batteryLevel,
    });
    managed.linkId = link.id;
    managed.linkCheck = setInterval(() => void this.#checkLink(managed), LINK_CHECK_INTERVAL_MS);
    this.#emit();
  }

  #linkState(managed: Managed, state: DeviceLinkState) {
    if (managed.linkId === null) return;
    // Best effort: the server may be unreachable for the very reason the device dropped.
    void updateDeviceLink(managed.linkId, { state }).catch(() => {});
  }
}
