import { GattReader, GattWriter } from './bytes.ts';
import type { GattDateTime } from './date-time.ts';

const PLX_CONTINUOUS = 'PLX Continuous Measurement';
const PLX_SPOT_CHECK = 'PLX Spot-check Measurement';

const CONTINUOUS_FAST = 0x01;
const CONTINUOUS_SLOW = 0x02;
const CONTINUOUS_MEASUREMENT_STATUS = 0x04;
const CONTINUOUS_DEVICE_STATUS = 0x08;
const CONTINUOUS_PAI = 0x10;
const SPOT_TIMESTAMP = 0x01;
const SPOT_MEASUREMENT_STATUS = 0x02;
const SPOT_DEVICE_STATUS = 0x04;
const SPOT_PAI = 0x08;
const SPOT_CLOCK_NOT_SET = 0x10;
const RESERVED_FLAGS = 0xe0;

/**
 * Bits of the PLX Measurement Status field (Pulse Oximeter Service 1.0) that say the SpO2 and pulse
 * rate of this measurement are not a valid reading of the patient.
 */
export const PLX_MEASUREMENT_STATUS = {
  measurementUnavailable: 1 << 13,
  questionableMeasurementDetected: 1 << 14,
  invalidMeasurementDetected: 1 << 15,
} as const;

/**
 * Bits of the PLX Device and Sensor Status field that say the sensor is not measuring the patient
 * (or the equipment is faulty), so its numbers are not the patient's.
 */
export const PLX_DEVICE_STATUS = {
  equipmentMalfunctionDetected: 1 << 1,
  sensorUnconnectedToUser: 1 << 11,
  sensorDisplaced: 1 << 13,
  sensorMalfunctioning: 1 << 14,
  sensorDisconnected: 1 << 15,
} as const;

/**
 * An SpO2 and pulse-rate pair, by the catalogue's keys (the units are its own: % and beats/min, not
 * yet rounded to whole numbers); null is a special value ("no value") from the oximeter.
 */
export interface Spo2PulseRate {
  oxygenLevel: number | null;
  heartRate: number | null;
}

/**
 * A decoded PLX Continuous Measurement (0x2A5F). Optional fields are null when not sent; a sent
 * special value (NaN, NRes…) is null too, except inside `fast`/`slow`, which are null only when not
 * sent.
 */
export interface PlxContinuousMeasurement extends Spo2PulseRate {
  fast: Spo2PulseRate | null;
  slow: Spo2PulseRate | null;
  /** Measurement Status bits, see {@link PLX_MEASUREMENT_STATUS}. */
  measurementStatus: number | null;
  /** Device and Sensor Status bits (24), see {@link PLX_DEVICE_STATUS}. */
  deviceAndSensorStatus: number | null;
  /** Pulse amplitude index, %. */
  pulseAmplitudeIndexPct: number | null;
}

/** A decoded PLX Spot-check Measurement (0x2A5E); optional fields are null when not sent. */
export interface PlxSpotCheckMeasurement extends Spo2PulseRate {
  timestamp: GattDateTime | null;
  measurementStatus: number | null;
  deviceAndSensorStatus: number | null;
  pulseAmplitudeIndexPct: number | null;
  /** The device says its clock has not been set, so `timestamp` is not a real time. */
  isDeviceClockNotSet: boolean;
}

export type PlxContinuousMeasurementInput = Spo2PulseRate &
  Partial<Omit<PlxContinuousMeasurement, keyof Spo2PulseRate>>;
export type PlxSpotCheckMeasurementInput = Spo2PulseRate &
  Partial<Omit<PlxSpotCheckMeasurement, keyof Spo2PulseRate>>;

function readPair(reader: GattReader, label: string, isAnnounced: boolean): Spo2PulseRate {
  return {
    oxygenLevel: reader.sfloat(`the ${label}SpO2`, isAnnounced),
    heartRate: reader.sfloat(`the ${label}pulse rate`, isAnnounced),
  };
}

/**
 * Decodes a PLX Continuous Measurement (0x2A5F): flags, SpO2 and pulse rate (SFLOAT each), then in
 * flag order [SpO2PR-Fast], [SpO2PR-Slow], [measurement status u16], [device and sensor status u24],
 * [pulse amplitude index SFLOAT]. Bytes beyond the announced fields are an error unless a reserved
 * flag bit announces them.
 * @throws GattDecodeError when the bytes do not match the flags
 */
export function decodePlxContinuousMeasurement(bytes: Uint8Array): PlxContinuousMeasurement {
  const reader = new GattReader(PLX_CONTINUOUS, bytes);
  const flags = reader.u8('the flags byte');
  const normal = readPair(reader, '', false);
  const fast = flags & CONTINUOUS_FAST ? readPair(reader, 'fast ', true) : null;
  const slow = flags & CONTINUOUS_SLOW ? readPair(reader, 'slow ', true) : null;
  const measurementStatus =
    flags & CONTINUOUS_MEASUREMENT_STATUS ? reader.u16('a measurement status', true) : null;
  const deviceAndSensorStatus =
    flags & CONTINUOUS_DEVICE_STATUS ? reader.u24('a device and sensor status', true) : null;
  const pulseAmplitudeIndexPct =
    flags & CONTINUOUS_PAI ? reader.sfloat('a pulse amplitude index', true) : null;
  reader.end((flags & RESERVED_FLAGS) !== 0);
  return { ...normal, fast, slow, measurementStatus, deviceAndSensorStatus, pulseAmplitudeIndexPct };
}

/**
 * Decodes a PLX Spot-check Measurement (0x2A5E): flags, SpO2 and pulse rate (SFLOAT each), then
 * [Date Time], [measurement status u16], [device and sensor status u24], [pulse amplitude index].
 * Flag bit 4 says the device clock is not set. Bytes beyond the announced fields are an error unless
 * a reserved flag bit announces them.
 * @throws GattDecodeError when the bytes do not match the flags
 */
export function decodePlxSpotCheckMeasurement(bytes: Uint8Array): PlxSpotCheckMeasurement {
  const reader = new GattReader(PLX_SPOT_CHECK, bytes);
  const flags = reader.u8('the flags byte');
  const normal = readPair(reader, '', false);
  const timestamp = flags & SPOT_TIMESTAMP ? reader.dateTime('a timestamp', true) : null;
  const measurementStatus = flags & SPOT_MEASUREMENT_STATUS ? reader.u16('a measurement status', true) : null;
  const deviceAndSensorStatus =
    flags & SPOT_DEVICE_STATUS ? reader.u24('a device and sensor status', true) : null;
  const pulseAmplitudeIndexPct = flags & SPOT_PAI ? reader.sfloat('a pulse amplitude index', true) : null;
  reader.end((flags & RESERVED_FLAGS) !== 0);
  return {
    ...normal,
    timestamp,
    measurementStatus,
    deviceAndSensorStatus,
    pulseAmplitudeIndexPct,
    isDeviceClockNotSet: (flags & SPOT_CLOCK_NOT_SET) !== 0,
  };
}

/**
 * Encodes a PLX Continuous Measurement (0x2A5F). Null SpO2 or pulse rate is sent as NaN; null or
 * absent optional fields are not sent.
 * @throws RangeError when a value does not fit its field
 */
export function encodePlxContinuousMeasurement(input: PlxContinuousMeasurementInput): Uint8Array {
  const { fast = null, slow = null, measurementStatus = null, deviceAndSensorStatus = null } = input;
  const pai = input.pulseAmplitudeIndexPct ?? null;
  const flags =
    (fast !== null ? CONTINUOUS_FAST : 0) |
    (slow !== null ? CONTINUOUS_SLOW : 0) |
    (measurementStatus !== null ? CONTINUOUS_MEASUREMENT_STATUS : 0) |
    (deviceAndSensorStatus !== null ? CONTINUOUS_DEVICE_STATUS : 0) |
    (pai !== null ? CONTINUOUS_PAI : 0);
  const writer = new GattWriter().u8(flags, 'flags').sfloat(input.oxygenLevel).sfloat(input.heartRate);
  if (fast !== null) writer.sfloat(fast.oxygenLevel).sfloat(fast.heartRate);
  if (slow !== null) writer.sfloat(slow.oxygenLevel).sfloat(slow.heartRate);
  if (measurementStatus !== null) writer.u16(measurementStatus, 'Measurement status');
  if (deviceAndSensorStatus !== null) writer.u24(deviceAndSensorStatus, 'Device and sensor status');
  if (pai !== null) writer.sfloat(pai);
  return writer.bytes();
}

/**
 * Encodes a PLX Spot-check Measurement (0x2A5E). Null SpO2 or pulse rate is sent as NaN; null or
 * absent optional fields are not sent.
 * @throws RangeError when a value does not fit its field
 */
export function encodePlxSpotCheckMeasurement(input: PlxSpotCheckMeasurementInput): Uint8Array {
  const { timestamp = null, measurementStatus = null, deviceAndSensorStatus = null } = input;
  const pai = input.pulseAmplitudeIndexPct ?? null;
  const flags =
    (timestamp !== null ? SPOT_TIMESTAMP : 0) |
    (measurementStatus !== null ? SPOT_MEASUREMENT_STATUS : 0) |
    (deviceAndSensorStatus !== null ? SPOT_DEVICE_STATUS : 0) |
    (pai !== null ? SPOT_PAI : 0) |
    (input.isDeviceClockNotSet ? SPOT_CLOCK_NOT_SET : 0);
  const writer = new GattWriter().u8(flags, 'flags').sfloat(input.oxygenLevel).sfloat(input.heartRate);
  if (timestamp !== null) writer.dateTime(timestamp);
  if (measurementStatus !== null) writer.u16(measurementStatus, 'Measurement status');
  if (deviceAndSensorStatus !== null) writer.u24(deviceAndSensorStatus, 'Device and sensor status');
  if (pai !== null) writer.sfloat(pai);
  return writer.bytes();
}
