import { GattReader, GattWriter } from './bytes.ts';

const HEART_RATE_MEASUREMENT = 'Heart Rate Measurement';
const BODY_SENSOR_LOCATION = 'Body Sensor Location';

const FLAG_UINT16 = 0x01;
const FLAG_CONTACT_DETECTED = 0x02;
const FLAG_CONTACT_SUPPORTED = 0x04;
const FLAG_ENERGY_EXPENDED = 0x08;
const FLAG_RR_INTERVALS = 0x10;
const RESERVED_FLAGS = 0xe0;

/** RR-intervals are sent in units of 1/1024 s. */
const RR_UNITS_PER_SECOND = 1024;

/** Whether the sensor touches the skin; 'unsupported' when the sensor cannot tell. */
export type SensorContact = 'unsupported' | 'detected' | 'not-detected';

/** A decoded Heart Rate Measurement (0x2A37). */
export interface HeartRateMeasurement {
  heartRate: number;
  sensorContact: SensorContact;
  /** Energy expended since the last reset, kJ (65535 means "65535 or more"); null when not sent. */
  energyExpendedKj: number | null;
  /**
   * Beat-to-beat intervals, oldest first, in ms: the 1/1024 s units converted exactly (1024 → 1000,
   * 1 → 0.9765625). Empty when not sent.
   */
  rrIntervalsMs: number[];
}

/** What {@link encodeHeartRateMeasurement} takes; `sensorContact` defaults to 'unsupported'. */
export interface HeartRateMeasurementInput {
  heartRate: number;
  sensorContact?: SensorContact;
  energyExpendedKj?: number | null;
  rrIntervalsMs?: readonly number[];
  /** Send the value as 16 bits even below 256 (some sensors always do). */
  isUint16?: boolean;
}

/**
 * Decodes a Heart Rate Measurement (0x2A37): flags, 8- or 16-bit heart rate, [energy expended u16],
 * [RR-intervals u16…]. RR-intervals run to the end of the value, so an odd byte left over, or the RR
 * flag with no interval, is an error; other bytes beyond the announced fields are an error unless a
 * reserved flag bit announces them.
 * @throws GattDecodeError when the bytes do not match the flags
 */
export function decodeHeartRateMeasurement(bytes: Uint8Array): HeartRateMeasurement {
  const reader = new GattReader(HEART_RATE_MEASUREMENT, bytes);
  const flags = reader.u8('the flags byte');
  const heartRate =
    flags & FLAG_UINT16 ? reader.u16('a 16-bit value', true) : reader.u8('an 8-bit heart rate value');
  const sensorContact: SensorContact = !(flags & FLAG_CONTACT_SUPPORTED)
    ? 'unsupported'
    : flags & FLAG_CONTACT_DETECTED
      ? 'detected'
      : 'not-detected';
  const energyExpendedKj = flags & FLAG_ENERGY_EXPENDED ? reader.u16('the energy expended', true) : null;
  const rrIntervalsMs: number[] = [];
  if (flags & FLAG_RR_INTERVALS) {
    do {
      rrIntervalsMs.push((reader.u16('an RR-interval', true) * 1000) / RR_UNITS_PER_SECOND);
    } while (reader.remaining >= 2);
    if (reader.remaining > 0) reader.fail('RR-intervals are 2 bytes each, but 1 byte is left over');
  }
  reader.end((flags & RESERVED_FLAGS) !== 0);
  return { heartRate, sensorContact, energyExpendedKj, rrIntervalsMs };
}

/**
 * Encodes a Heart Rate Measurement (0x2A37). A heart rate above 255 is sent as 16 bits; RR-intervals
 * are rounded to the nearest 1/1024 s.
 * @throws RangeError when a value does not fit its field
 */
export function encodeHeartRateMeasurement(input: HeartRateMeasurementInput): Uint8Array {
  const { heartRate, sensorContact = 'unsupported', energyExpendedKj = null, rrIntervalsMs = [] } = input;
  const isUint16 = input.isUint16 === true || heartRate > 0xff;
  const flags =
    (isUint16 ? FLAG_UINT16 : 0) |
    (sensorContact !== 'unsupported' ? FLAG_CONTACT_SUPPORTED : 0) |
    (sensorContact === 'detected' ? FLAG_CONTACT_DETECTED : 0) |
    (energyExpendedKj !== null ? FLAG_ENERGY_EXPENDED : 0) |
    (rrIntervalsMs.length > 0 ? FLAG_RR_INTERVALS : 0);
  const writer = new GattWriter().u8(flags, 'flags');
  if (isUint16) writer.u16(heartRate, 'Heart rate');
  else writer.u8(heartRate, 'Heart rate');
  if (energyExpendedKj !== null) writer.u16(energyExpendedKj, 'Energy expended');
  for (const rrMs of rrIntervalsMs)
    writer.u16(Math.round((rrMs * RR_UNITS_PER_SECOND) / 1000), 'RR-interval');
  return writer.bytes();
}

/** Where a heart-rate sensor sits (0x2A38). */
export const BODY_SENSOR_LOCATIONS = [
  'other',
  'chest',
  'wrist',
  'finger',
  'hand',
  'ear-lobe',
  'foot',
] as const;
export type BodySensorLocation = (typeof BODY_SENSOR_LOCATIONS)[number];

/**
 * Decodes a Body Sensor Location (0x2A38): one byte, 0 other … 6 foot. Values 7–255 are reserved
 * and an error.
 * @throws GattDecodeError when the value is not exactly one known byte
 */
export function decodeBodySensorLocation(bytes: Uint8Array): { location: BodySensorLocation } {
  const reader = new GattReader(BODY_SENSOR_LOCATION, bytes);
  const code = reader.u8('the location');
  reader.end(false, false);
  const location =
    BODY_SENSOR_LOCATIONS[code] ?? reader.fail(`location ${code} is reserved (0–6 are defined)`);
  return { location };
}

/** Encodes a Body Sensor Location (0x2A38). */
export function encodeBodySensorLocation(location: BodySensorLocation): Uint8Array {
  return Uint8Array.of(BODY_SENSOR_LOCATIONS.indexOf(location));
}
