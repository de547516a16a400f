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
