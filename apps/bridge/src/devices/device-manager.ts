import {
  type BridgeDevice,
  type BridgeEvent,
  type BridgeSyncState,
  type DecodedCharacteristic,
  decodeCharacteristic,
} from '@vigil/domain';
import { ADAPTER_ADVICE, type BleCentral, type CharacteristicValue } from '../ble/central.ts';
import { isSimulatedId } from '../ble/simulated-central.ts';
import type { Logger } from '../log.ts';
import type { ReadingBody } from '../store/journal.ts';
import type { LinkStore } from '../store/link-store.ts';
import { BridgeActionError } from './action-error.ts';
import { type DeviceState, forgetValues, newDeviceState, toBridgeDevice } from './device-state.ts';
import { Measurements } from './measurements.ts';

export interface DeviceManagerDeps {
  central: BleCentral;
  links: LinkStore;
  /** Makes readings durable (journal) before anyone hears of them; rejects when it cannot. */
  record(items: { patientId: number | null; reading: ReadingBody }[]): Promise<void>;
  syncState(deviceId: string, patientId: number | null): BridgeSyncState | null;
  publish(event: BridgeEvent): void;
  log: Logger;
  now: () => Date;
  connectTimeoutMs?: number;
  reconnectBaseMs?: number;
  reconnectMaxMs?: number;
}

/**
 * The devices the bridge knows, what the person wants of each (connected or not) and what each
 * actually is. It reconnects a device only while it is wanted, publishes no value after a drop
 * (never the last one), marks a streaming device stale when it falls silent for longer than its
 * cadence, and records every reading durably before any event announces it.
 */
export class DeviceManager {
  private readonly devices = new Map<string, DeviceState>();
  private readonly measurements: Measurements;
  private readonly staleTimer: NodeJS.Timeout;
  private closed = false;

  private readonly deps: DeviceManagerDeps;

  constructor(deps: DeviceManagerDeps) {
    this.deps = deps;
    const { central } = deps;
    this.measurements = new Measurements({
      record: deps.record,
      patientFor: (id) => deps.links.patientFor(id),
      publish: deps.publish,
      updated: (id) => this.updated(id),
      log: deps.log,
      now: deps.now,
    });
    central.on('discover', (p) => {
      const d = this.upsert(p.id, p.name, p.simulated);
      d.rssi = p.rssi;
      this.deps.publish({ type: 'deviceFound', device: this.snapshot(d) });
    });
    central.on('value', (v) => this.onValue(v));
    central.on('disconnect', (id, reason) => this.onDrop(id, reason));
    central.on('adapterState', (state) => {
      this.publishScanStatus();
      const advice = this.adapterAdvice();
      if (advice) this.deps.publish(advice);
      if (state === 'poweredOn')
        for (const d of this.devices.values()) if (this.needsConnect(d)) this.attempt(d, false);
    });
    central.on('scanning', () => this.publishScanStatus());
    this.staleTimer = setInterval(() => this.measurements.checkStale(this.devices.values()), 1000);
  }

  /** Devices wanted before the bridge (re)started are connected again. */
  restoreWanted() {
    for (const w of this.deps.links.wantedDevices()) {
      // A simulated device is not sought over the air, nor a real one in the simulation: each
      // waits, still wanted, for the bridge to run in its mode again.
      if (isSimulatedId(w.id) !== this.deps.central.simulated) continue;
      const d = this.upsert(w.id, w.name, this.deps.central.simulated);
      d.wanted = true;
      d.connection = 'reconnecting';
      if (this.deps.central.adapterState === 'poweredOn') this.attempt(d, false);
    }
  }

  list(): BridgeDevice[] {
    return [...this.devices.values()].map((d) => this.snapshot(d));
  }

  scanStatus(): BridgeEvent {
    const { central } = this.deps;
    return {
      type: 'scanStatus',
      scanning: central.scanning,
      adapterState: central.adapterState,
      simulation: central.simulated,
    };
  }

  /** What to do about an adapter that is known not to work (nothing while it is starting). */
  adapterAdvice(): BridgeEvent | null {
    const state = this.deps.central.adapterState;
    if (state === 'poweredOn' || state === 'unknown') return null;
    return { type: 'error', code: 'ADAPTER_UNAVAILABLE', message: ADAPTER_ADVICE[state] };
  }

  private publishScanStatus() {
    this.deps.publish(this.scanStatus());
  }

  private upsert(id: string, name: string | null, simulated: boolean): DeviceState {
    let d = this.devices.get(id);
    if (!d) {
      d = newDeviceState(id, name, simulated);
      this.devices.set(id, d);
    } else if (name) {
      d.name = name;
    }
    return d;
  }

  private known(deviceId: string): DeviceState {
    const d = this.devices.get(deviceId);
    if (!d) {
      throw new BridgeActionError(
        'UNKNOWN_DEVICE',
        'The bridge has not found this device. Press "Scan for Devices" and wait until it is listed.',
        deviceId,
      );
    }
    return d;
  }

  snapshot(d: DeviceState): BridgeDevice {
    const patientId = this.deps.links.patientFor(d.id);
    return toBridgeDevice(d, patientId, this.deps.syncState(d.id, patientId));
  }

  /** Publishes a device's current state (e.g. after it was linked or its upload moved on). */
  updated(deviceId: string) {
    const d = this.devices.get(deviceId);
    if (d) this.deps.publish({ type: 'deviceUpdated', device: this.snapshot(d) });
  }

  device(deviceId: string): BridgeDevice {
    return this.snapshot(this.known(deviceId));
  }

  async connect(deviceId: string) {
    const d = this.known(deviceId);
    d.wanted = true;
    await this.deps.links.setWanted(d.id, true, d.name);
    if (d.connection === 'connected') {
      this.deps.publish({ type: 'deviceConnected', device: this.snapshot(d) });
      return;
    }
    if (d.connection === 'connecting') return;
    this.clearReconnect(d);
    d.attempts = 0;
    const state = this.deps.central.adapterState;
    if (state !== 'poweredOn') {
      d.connection = 'reconnecting';
      this.updated(d.id);
      throw new BridgeActionError(
        'ADAPTER_UNAVAILABLE',
        `${ADAPTER_ADVICE[state]} The bridge connects the device when Bluetooth is available.`,
        d.id,
      );
    }
    this.attempt(d, true);
  }

  async disconnect(deviceId: string) {
    const d = this.known(deviceId);
    d.wanted = false;
    this.clearReconnect(d);
    await this.deps.links.setWanted(d.id, false, d.name);
    if (d.connection === 'connected' || d.connection === 'connecting') {
      await this.deps.central.disconnect(d.id);
      // A central that did not report the end (a device gone silent mid-disconnect) is taken at its word.
      if (d.connection === 'connected') this.onDrop(d.id, 'disconnected by the user');
      return;
    }
    d.connection = 'disconnected';
    this.deps.publish({
      type: 'deviceDisconnected',
      device: this.snapshot(d),
      reason: 'disconnected by the user',
      reconnecting: false,
    });
  }

  private needsConnect(d: DeviceState) {
    return d.wanted && (d.connection === 'reconnecting' || d.connection === 'disconnected');
  }

  private attempt(d: DeviceState, announceFailure: boolean) {
    if (this.closed) return;
    this.clearReconnect(d);
    // A new connection starts with no values; those read while it is set up belong to it.
    d.generation++;
    forgetValues(d);
    d.connection = 'connecting';
    this.updated(d.id);
    const timeoutMs = this.deps.connectTimeoutMs ?? 15_000;
    this.deps.central.connect(d.id, timeoutMs).then(
      async () => {
        if (!d.wanted || this.closed) {
          // The person pressed Disconnect while it was connecting.
          await this.deps.central.disconnect(d.id);
          return;
        }
        d.connection = 'connected';
        d.attempts = 0;
        this.deps.log.info('device connected', { deviceId: d.id, simulated: d.simulated });
        this.deps.publish({ type: 'deviceConnected', device: this.snapshot(d) });
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        this.deps.log.warn('connect failed', { deviceId: d.id, reason });
        if (!d.wanted || this.closed) {
          d.connection = 'disconnected';
          this.updated(d.id);
          return;
        }
        d.connection = 'reconnecting';
        this.scheduleReconnect(d);
        this.updated(d.id);
        if (announceFailure) {
          this.deps.publish({
            type: 'error',
            code: 'CONNECT_FAILED',
            message: `Could not connect to ${d.name ?? 'the device'}: ${reason}. The bridge keeps trying while the device is wanted; press "Disconnect Device" to stop.`,
            deviceId: d.id,
          });
        }
      },
    );
  }

  private scheduleReconnect(d: DeviceState) {
    this.clearReconnect(d);
    if (!d.wanted || this.closed) return;
    // Without Bluetooth there is nothing to try: the adapter's return triggers the next attempt.
    if (this.deps.central.adapterState !== 'poweredOn') return;
    const base = this.deps.reconnectBaseMs ?? 1000;
    const delay = Math.min(this.deps.reconnectMaxMs ?? 30_000, base * 2 ** Math.min(d.attempts, 20));
    d.attempts++;
    d.reconnectTimer = setTimeout(() => this.attempt(d, false), delay);
  }

  private clearReconnect(d: DeviceState) {
    if (d.reconnectTimer) clearTimeout(d.reconnectTimer);
    d.reconnectTimer = null;
  }

  private onDrop(deviceId: string, reason: string) {
    const d = this.devices.get(deviceId);
    if (!d || d.connection === 'disconnected' || d.connection === 'reconnecting') return;
    d.generation++;
    // After a drop there is no current value; the last one would pass for live.
    forgetValues(d);
    d.connection = d.wanted && !this.closed ? 'reconnecting' : 'disconnected';
    this.deps.log.info('device disconnected', {
      deviceId,
      reason,
      reconnecting: d.connection === 'reconnecting',
    });
    this.deps.publish({
      type: 'deviceDisconnected',
      device: this.snapshot(d),
      reason,
      reconnecting: d.connection === 'reconnecting',
    });
    if (d.connection === 'reconnecting') this.scheduleReconnect(d);
  }

  private onValue(v: CharacteristicValue) {
    const d = this.devices.get(v.deviceId);
    if (d?.connection !== 'connected' && d?.connection !== 'connecting') return;
    let decoded: DecodedCharacteristic;
    try {
      decoded = decodeCharacteristic(v.characteristic, v.bytes);
    } catch (error) {
      // A garbled frame is never a vital sign; the next one usually is fine.
      this.deps.log.debug('undecodable value', { deviceId: d.id, err: error });
      return;
    }
    const generation = d.generation;
    d.chain = d.chain
      .then(() => this.measurements.handle(d, decoded, v, generation))
      .catch((error) => this.deps.log.error('value handling failed', { deviceId: d.id, err: error }));
  }

  async close() {
    this.closed = true;
    clearInterval(this.staleTimer);
    for (const d of this.devices.values()) this.clearReconnect(d);
    await Promise.all([...this.devices.values()].map((d) => d.chain));
  }
}
