import { EventEmitter } from 'node:events';
import {
  encodeBatteryLevel,
  GATT_CHARACTERISTICS,
  type SimulatedVitals,
  simulatedFrames,
  simulatedVitals,
} from '@vigil/domain';
import type { BleCentral, CentralEvents } from './central.ts';

interface VirtualDevice {
  suffix: string;
  name: string;
  /** What it measures, sent every `everyTicks` ticks. */
  measures: number[];
  everyTicks: number;
}

const C = GATT_CHARACTERISTICS;

/** The simulation's devices: one of each kind the bridge decodes, labelled as simulated in their names. */
const VIRTUAL_DEVICES: VirtualDevice[] = [
  {
    suffix: 'heart-rate',
    name: 'Simulated Heart Rate Monitor',
    measures: [C.heartRateMeasurement],
    everyTicks: 1,
  },
  { suffix: 'pulse-oximeter', name: 'Simulated Pulse Oximeter', measures: [C.plxContinuous], everyTicks: 1 },
  {
    suffix: 'thermometer',
    name: 'Simulated Thermometer',
    measures: [C.temperatureMeasurement],
    everyTicks: 5,
  },
  {
    suffix: 'blood-pressure',
    name: 'Simulated Blood Pressure Monitor',
    measures: [C.bloodPressureMeasurement],
    everyTicks: 10,
  },
];

/** Simulated ids start `sim-`; BLE ids are hex or UUIDs and never start so. */
export const isSimulatedId = (id: string) => id.startsWith('sim-');

/**
 * A simulated device's id: `sim-<n><installation>-<kind>`, n being the device's place in the list.
 * The screens show an id by its first 8 characters (spec point 9), so the device's own digit comes
 * before the installation's: "sim-01f8", "sim-11f8"… tell the devices of one bridge apart, where
 * `sim-<installation>` made them all read "sim-1f8d". The installation keeps two bridges' ids apart.
 */
export function simulatedDeviceId(installationId: string, kind: string): string {
  const index = VIRTUAL_DEVICES.findIndex((d) => d.suffix === kind);
  if (index < 0) throw new Error(`no simulated device of kind ${kind}`);
  return `sim-${index}${installationId}-${kind}`;
}

/** Battery notifications are rare on real devices; the simulation drains one percent at this pace. */
const BATTERY_TICKS = 30;

interface Connection {
  timer: NodeJS.Timeout;
  tick: number;
  batteryPct: number;
}

/**
 * Simulation mode (a product feature: demos and training without hardware). Virtual devices send
 * the real GATT byte formats, built with the domain's encoders, so everything after the central
 * (decoding, readings, upload) runs exactly as for a real device. Ids carry the installation id, so
 * two bridges never send readings under the same device id.
 */
export class SimulatedCentral implements BleCentral {
  readonly simulated = true;
  readonly adapterState = 'poweredOn' as const;
  private readonly events = new EventEmitter();
  private readonly connections = new Map<string, Connection>();
  private scanTimer: NodeJS.Timeout | null = null;
  private isScanning = false;

  private readonly options: {
    installationId: string;
    intervalMs: number;
    random?: () => number;
    now?: () => Date;
  };

  constructor(options: SimulatedCentral['options']) {
    this.options = options;
  }

  private get random() {
    return this.options.random ?? Math.random;
  }

  private now() {
    return this.options.now?.() ?? new Date();
  }

  private device(id: string): VirtualDevice | undefined {
    return VIRTUAL_DEVICES.find((d) => this.idOf(d) === id);
  }

  private idOf(d: VirtualDevice) {
    return simulatedDeviceId(this.options.installationId, d.suffix);
  }

  get scanning() {
    return this.isScanning;
  }

  on<E extends keyof CentralEvents>(event: E, listener: (...args: CentralEvents[E]) => void): void {
    this.events.on(event, listener as (...args: unknown[]) => void);
  }

  private emit<E extends keyof CentralEvents>(event: E, ...args: CentralEvents[E]) {
    this.events.emit(event, ...args);
  }

  async startScan() {
    if (this.isScanning) return;
    this.isScanning = true;
    this.emit('scanning', true);
    // Advertisements arrive shortly after a scan starts, as over the air.
    this.scanTimer = setTimeout(() => {
      for (const d of VIRTUAL_DEVICES) {
        this.emit('discover', {
          id: this.idOf(d),
          name: d.name,
          rssi: -50 - Math.floor(this.random() * 20),
          simulated: true,
        });
      }
    }, 50);
  }

  async stopScan() {
    if (this.scanTimer) clearTimeout(this.scanTimer);
    this.scanTimer = null;
    if (!this.isScanning) return;
    this.isScanning = false;
    this.emit('scanning', false);
  }

  async connect(deviceId: string) {
    const device = this.device(deviceId);
    if (!device) throw new Error('there is no simulated device with this id');
    if (this.connections.has(deviceId)) return;
    await new Promise((r) => setTimeout(r, 20));
    const first = simulatedVitals(this.random);
    const connection: Connection = {
      tick: 0,
      batteryPct: first.batteryLevel,
      timer: setInterval(() => this.tick(deviceId, device), this.options.intervalMs),
    };
    this.connections.set(deviceId, connection);
    // Read on connect, as the bridge does with a real device: battery and model number.
    const frames = simulatedFrames(first);
    this.value(deviceId, C.batteryLevel, encodeBatteryLevel({ batteryPct: connection.batteryPct }));
    this.value(deviceId, C.modelNumberString, frames[C.modelNumberString]!);
  }

  private tick(deviceId: string, device: VirtualDevice) {
    const connection = this.connections.get(deviceId);
    if (!connection) return;
    connection.tick++;
    const vitals: SimulatedVitals = simulatedVitals(this.random);
    if (connection.tick % device.everyTicks === 0) {
      const frames = simulatedFrames(vitals);
      for (const characteristic of device.measures)
        this.value(deviceId, characteristic, frames[characteristic]!);
    }
    if (connection.tick % BATTERY_TICKS === 0) {
      connection.batteryPct = Math.max(5, connection.batteryPct - 1);
      this.value(deviceId, C.batteryLevel, encodeBatteryLevel({ batteryPct: connection.batteryPct }));
    }
  }

  private value(deviceId: string, characteristic: number, bytes: Uint8Array) {
    this.emit('value', { deviceId, characteristic, bytes, receivedAt: this.now() });
  }

  async disconnect(deviceId: string) {
    this.drop(deviceId, 'disconnected by the bridge');
  }

  /** The virtual device goes out of range, as a real one does. */
  dropConnection(deviceId: string) {
    this.drop(deviceId, 'connection lost');
  }

  private drop(deviceId: string, reason: string) {
    const connection = this.connections.get(deviceId);
    if (!connection) return;
    clearInterval(connection.timer);
    this.connections.delete(deviceId);
    this.emit('disconnect', deviceId, reason);
  }

  async close() {
    await this.stopScan();
    for (const id of [...this.connections.keys()]) this.drop(id, 'bridge stopping');
  }
}
