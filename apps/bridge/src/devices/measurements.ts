import {
  type BridgeEvent,
  type DecodedCharacteristic,
  GATT_VITAL_KEYS,
  type GattVitalKey,
} from '@vigil/domain';
import type { CharacteristicValue } from '../ble/central.ts';
import { STREAMING_CHARACTERISTICS } from '../ble/gatt-profile.ts';
import type { Logger } from '../log.ts';
import type { ReadingBody } from '../store/journal.ts';
import type { DeviceState } from './device-state.ts';
import { ReadingBuilder } from './reading-builder.ts';
import { staleAfterMs } from './staleness.ts';

export interface MeasurementDeps {
  record(items: { patientId: number | null; reading: ReadingBody }[]): Promise<void>;
  patientFor(deviceId: string): number | null;
  publish(event: BridgeEvent): void;
  /** Publishes the device's state as it is now (deviceUpdated). */
  updated(deviceId: string): void;
  log: Logger;
  now: () => Date;
}

/**
 * What a decoded value does: a vital sign becomes a reading, recorded durably and only then
 * announced; battery and model number are device state; a streaming device's cadence is learnt so
 * its silence can be noticed.
 */
export class Measurements {
  private readonly builder = new ReadingBuilder();
  private storageErrorAt = 0;

  private readonly deps: MeasurementDeps;

  constructor(deps: MeasurementDeps) {
    this.deps = deps;
  }

  async handle(d: DeviceState, decoded: DecodedCharacteristic, v: CharacteristicValue, generation: number) {
    const at = v.receivedAt.toISOString();
    if (decoded.kind === 'battery') {
      if (generation !== d.generation) return;
      // Battery is the device's state, not the patient's: it rides along on readings, not alone.
      d.values.batteryLevel = decoded.batteryPct;
      d.lastUpdated = at;
      this.deps.publish({
        type: 'batteryUpdate',
        deviceId: d.id,
        batteryLevel: decoded.batteryPct,
        readingTime: at,
        simulated: d.simulated,
      });
      return;
    }
    if (decoded.kind === 'model-number') {
      d.model = decoded.modelNumber.slice(0, 100);
      this.deps.updated(d.id);
      return;
    }
    const streaming = STREAMING_CHARACTERISTICS.includes(v.characteristic);
    const reading = this.builder.build(d, decoded, v.receivedAt, d.values.batteryLevel);
    if (!reading) {
      // Sensor contact lost or the device flagged its own value: no current value, not the last.
      if (!streaming || generation !== d.generation) return;
      const cleared =
        decoded.kind === 'heart-rate' ? (['heartRate'] as const) : (['heartRate', 'oxygenLevel'] as const);
      if (cleared.every((k) => d.values[k] === null)) return;
      for (const k of cleared) d.values[k] = null;
      this.deps.updated(d.id);
      return;
    }
    try {
      await this.deps.record([{ patientId: this.deps.patientFor(d.id), reading }]);
    } catch (error) {
      this.storageFailed(d, error);
      return;
    }
    if (generation !== d.generation) return;
    const measured = Object.fromEntries(
      GATT_VITAL_KEYS.flatMap((k) => (reading[k] == null ? [] : [[k, reading[k]]])),
    ) as Partial<Record<GattVitalKey, number>>;
    Object.assign(d.values, measured);
    const { heartRate, oxygenLevel, systolicBP, temperature } = measured;
    d.lastUpdated = at;
    if (streaming) this.heard(d, v.receivedAt.getTime());
    if (heartRate != null) {
      this.deps.publish({
        type: 'heartRateUpdate',
        deviceId: d.id,
        heartRate,
        ...(decoded.kind === 'heart-rate' && decoded.rrIntervalsMs.length > 0
          ? { rrIntervalsMs: decoded.rrIntervalsMs }
          : {}),
        readingTime: reading.readingTime,
        simulated: d.simulated,
      });
    }
    if (oxygenLevel != null || systolicBP != null || temperature != null) {
      this.deps.publish({
        type: 'vitalsUpdate',
        deviceId: d.id,
        readingTime: reading.readingTime,
        simulated: d.simulated,
        ...measured,
      });
    }
  }

  private storageFailed(d: DeviceState, error: unknown) {
    this.deps.log.error('reading could not be stored', { deviceId: d.id, err: error });
    const now = this.deps.now().getTime();
    if (now - this.storageErrorAt < 30_000) return;
    this.storageErrorAt = now;
    this.deps.publish({
      type: 'error',
      code: 'STORAGE_FAILED',
      message:
        "The bridge cannot write readings to its data folder (disk full or not writable?), so it is not showing or sending them. Free space or fix the folder's permissions.",
      deviceId: d.id,
    });
  }

  /** A streaming value arrived: learn the cadence, and it is no longer stale. */
  private heard(d: DeviceState, at: number) {
    if (d.lastStreamAt !== null) {
      const gap = at - d.lastStreamAt;
      d.streamGapMs = d.streamGapMs === null ? gap : 0.8 * d.streamGapMs + 0.2 * gap;
    }
    d.lastStreamAt = at;
    if (d.stale) {
      d.stale = false;
      this.deps.updated(d.id);
    }
  }

  /** Marks connected streaming devices stale once silent for longer than their cadence. */
  checkStale(devices: Iterable<DeviceState>) {
    const now = this.deps.now().getTime();
    for (const d of devices) {
      if (d.connection !== 'connected' || d.stale || d.lastStreamAt === null) continue;
      if (now - d.lastStreamAt <= staleAfterMs(d.streamGapMs)) continue;
      d.stale = true;
      // Home Assistant's habit: silent longer than its cadence means unavailable, not "still 72".
      d.values.heartRate = null;
      d.values.oxygenLevel = null;
      this.deps.log.info('device stale', { deviceId: d.id });
      this.deps.updated(d.id);
    }
  }
}
