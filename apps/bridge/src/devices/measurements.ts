import {
  type BridgeEvent,
  CORE_VITALS,
  DEVICE_VITAL_SIGNS,
  type DecodedCharacteristic,
  GATT_VITAL_KEYS,
  type GattVitalKey,
  HEART_RATE,
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

/** The vitals a characteristic carries, by the GATT characteristics of their catalogue rows. */
const carriedBy = (characteristic: number): GattVitalKey[] =>
  DEVICE_VITAL_SIGNS.filter((v) => v.gatt?.characteristics.includes(characteristic)).map((v) => v.key);

/** The vitals a streaming device sends continuously: what its silence or lost contact leaves unknown. */
const STREAMED_VITALS = [...new Set(STREAMING_CHARACTERISTICS.flatMap(carriedBy))];

/**
 * The vitals whose measuring a vitalsUpdate announces: each core vital by its first row (a blood
 * pressure by its systolic, which speaks for the pair), but the heart rate, which heartRateUpdate
 * announces (one of the spec's events, point 7).
 */
const ANNOUNCED_VITALS: readonly GattVitalKey[] = CORE_VITALS.map((core) => core.rows[0].key).filter(
  (key) => key !== HEART_RATE.key,
);

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
      const cleared = carriedBy(v.characteristic);
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
    const { heartRate } = measured;
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
    if (ANNOUNCED_VITALS.some((key) => measured[key] != null)) {
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
      for (const k of STREAMED_VITALS) d.values[k] = null;
      this.deps.log.info('device stale', { deviceId: d.id });
      this.deps.updated(d.id);
    }
  }
}
