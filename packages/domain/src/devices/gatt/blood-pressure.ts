import { GattReader, GattWriter } from './bytes.ts';
import type { GattDateTime } from './date-time.ts';

const BLOOD_PRESSURE_MEASUREMENT = 'Blood Pressure Measurement';

const FLAG_KPA = 0x01;
const FLAG_TIMESTAMP = 0x02;
const FLAG_PULSE_RATE = 0x04;
const FLAG_USER_ID = 0x08;
const FLAG_MEASUREMENT_STATUS = 0x10;
const RESERVED_FLAGS = 0xe0;

export type BloodPressureUnit = 'mmHg' | 'kPa';

/** A decoded Blood Pressure Measurement (0x2A35); optional fields are null when not sent. */
export interface BloodPressureMeasurement {
  /** Unit of systolic, diastolic and mean arterial pressure. */
  unit: BloodPressureUnit;
  /**
   * In the cuff's `unit` (mmHg or kPa), not yet the catalogue's whole mmHg (`systolicBP`,
   * `diastolicBP`: measurementToReading converts); null for a special value (NaN, NRes, ±INF) as well.
   */
  systolicInUnit: number | null;
  diastolicInUnit: number | null;
  meanArterialPressureInUnit: number | null;
  timestamp: GattDateTime | null;
  heartRate: number | null;
  /** The cuff's user index; 255 means "unknown user". */
  userId: number | null;
  /** Bits: body movement, cuff fit, irregular pulse, pulse rate range, measurement position. */
  measurementStatus: number | null;
}

/** What {@link encodeBloodPressureMeasurement} takes; absent optional fields are not sent. */
export type BloodPressureMeasurementInput = Pick<
  BloodPressureMeasurement,
  'unit' | 'systolicInUnit' | 'diastolicInUnit' | 'meanArterialPressureInUnit'
> &
  Partial<Pick<BloodPressureMeasurement, 'timestamp' | 'heartRate' | 'userId' | 'measurementStatus'>>;

/**
 * Decodes a Blood Pressure Measurement (0x2A35): flags, systolic, diastolic and mean arterial
 * pressure (SFLOAT each; kPa when flag bit 0, else mmHg), [Date Time], [pulse rate SFLOAT],
 * [user id u8], [measurement status u16]. Bytes beyond the announced fields are an error unless a
 * reserved flag bit announces them.
 * @throws GattDecodeError when the bytes do not match the flags
 */
export function decodeBloodPressureMeasurement(bytes: Uint8Array): BloodPressureMeasurement {
  const reader = new GattReader(BLOOD_PRESSURE_MEASUREMENT, bytes);
  const flags = reader.u8('the flags byte');
  const systolicInUnit = reader.sfloat('the systolic pressure');
  const diastolicInUnit = reader.sfloat('the diastolic pressure');
  const meanArterialPressureInUnit = reader.sfloat('the mean arterial pressure');
  const timestamp = flags & FLAG_TIMESTAMP ? reader.dateTime('a timestamp', true) : null;
  const heartRate = flags & FLAG_PULSE_RATE ? reader.sfloat('a pulse rate', true) : null;
  const userId = flags & FLAG_USER_ID ? reader.u8('a user id', true) : null;
  const measurementStatus = flags & FLAG_MEASUREMENT_STATUS ? reader.u16('a measurement status', true) : null;
  reader.end((flags & RESERVED_FLAGS) !== 0);
  return {
    unit: flags & FLAG_KPA ? 'kPa' : 'mmHg',
    systolicInUnit,
    diastolicInUnit,
    meanArterialPressureInUnit,
    timestamp,
    heartRate,
    userId,
    measurementStatus,
  };
}

/**
 * Encodes a Blood Pressure Measurement (0x2A35). Null pressures are sent as NaN; null or absent
 * optional fields are not sent.
 * @throws RangeError when a value does not fit its field
 */
export function encodeBloodPressureMeasurement(input: BloodPressureMeasurementInput): Uint8Array {
  const { timestamp = null, heartRate = null, userId = null, measurementStatus = null } = input;
  const flags =
    (input.unit === 'kPa' ? FLAG_KPA : 0) |
    (timestamp !== null ? FLAG_TIMESTAMP : 0) |
    (heartRate !== null ? FLAG_PULSE_RATE : 0) |
    (userId !== null ? FLAG_USER_ID : 0) |
    (measurementStatus !== null ? FLAG_MEASUREMENT_STATUS : 0);
  const writer = new GattWriter()
    .u8(flags, 'flags')
    .sfloat(input.systolicInUnit)
    .sfloat(input.diastolicInUnit)
    .sfloat(input.meanArterialPressureInUnit);
  if (timestamp !== null) writer.dateTime(timestamp);
  if (heartRate !== null) writer.sfloat(heartRate);
  if (userId !== null) writer.u8(userId, 'User id');
  if (measurementStatus !== null) writer.u16(measurementStatus, 'Measurement status');
  return writer.bytes();
}
