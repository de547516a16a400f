import { simulatedFrames, simulatedVitals } from '@vigil/domain';
import { POLL_INTERVAL_MS, SERVICE_CHARACTERISTICS } from './bluetooth-constants.ts';
import { BLUETOOTH_MESSAGES, BluetoothError } from './bluetooth-errors.ts';
import {
  type DeviceSession,
  type DeviceSessionEvents,
  decodeValue,
  initialState,
  noteReading,
} from './device-session.ts';
import type { ReadingFields } from './reading-batcher.ts';

/**
 * "Use Demo Device": a simulated monitor (Simulation Mode) that sends the domain's simulated vitals
 * as a real device would, encoded in the GATT formats and decoded by the same decoders, every few
 * seconds. Its name says "Simulation" so every screen labels its readings.
 */
/** A simulated battery drains one percent in this time: it reads the same on every screen meanwhile. */
export const SIMULATED_BATTERY_DRAIN_MS = 10 * 60_000;

export class SimulatedDeviceSession implements DeviceSession {
  readonly isSimulated = true;
  readonly state = initialState();
  #timer: ReturnType<typeof setInterval> | null = null;
  /** The battery as it was at start, and when: one level for the device, not a new one per frame. */
  #battery: { pct: number; atMs: number } | null = null;

  constructor(
    readonly deviceId: string,
    readonly deviceName: string,
    private readonly events: DeviceSessionEvents,
    private readonly random: () => number = Math.random,
  ) {
    // Known from the start, so the link registered before the first reading carries it (no "—" on
    // other screens).
    this.#battery = { pct: simulatedVitals(random).batteryLevel, atMs: Date.now() };
    this.state.batteryLevel = this.#battery.pct;
  }

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

  /** The battery now: the level at start, drained by one percent per SIMULATED_BATTERY_DRAIN_MS. */
  batteryAt(nowMs: number): number {
    if (!this.#battery) return simulatedVitals(this.random).batteryLevel;
    const drained = Math.floor((nowMs - this.#battery.atMs) / SIMULATED_BATTERY_DRAIN_MS);
    return Math.max(1, this.#battery.pct - drained);
  }

  #measure() {
    // The simulator's vitals vary frame to frame; its battery does not (it read 84 % here, 98 % there).
    const vitals = { ...simulatedVitals(this.random), batteryLevel: this.batteryAt(Date.now()) };
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
