import { GattReader, GattWriter } from './bytes.ts';
import type { GattDateTime } from './date-time.ts';

const TEMPERATURE_MEASUREMENT = 'Temperature Measurement';

const FLAG_FAHRENHEIT = 0x01;
const FLAG_TIMESTAMP = 0x02;
const FLAG_TYPE = 0x04;
const RESERVED_FLAGS = 0xf8;

/** Where the temperature was taken; codes 1–9 of the Temperature Type characteristic (0x2A1D). */
export const TEMPERATURE_TYPES = [
  'armpit',
  'body',
  'ear',
  'finger',
  'gi-tract',
  'mouth',
  'rectum',
  'toe',
  'tympanum',
] as const;
export type TemperatureType = (typeof TEMPERATURE_TYPES)[number];

export type TemperatureUnit = 'celsius' | 'fahrenheit';

/** A decoded Temperature Measurement (0x2A1C). */
export interface TemperatureMeasurement {
  /**
   * In the thermometer's `unit` (°C or °F), not yet the catalogue's tenths of °F (`temperature`:
   * measurementToReading converts); null when the thermometer sent a special value (NaN, NRes, ±INF).
   */
  temperatureInUnit: number | null;
  unit: TemperatureUnit;
  /** Device wall-clock time of the measurement; null when not sent. */
  timestamp: GattDateTime | null;
  /** Null when not sent. */
  temperatureType: TemperatureType | null;
}

/** What {@link encodeTemperatureMeasurement} takes; absent optional fields are not sent. */
export interface TemperatureMeasurementInput {
  temperatureInUnit: number | null;
  unit: TemperatureUnit;
  timestamp?: GattDateTime | null;
  temperatureType?: TemperatureType | null;
}

/**
 * Decodes a Temperature Measurement (0x2A1C): flags, FLOAT value (°F when flag bit 0, else °C),
 * [Date Time], [temperature type u8, 1–9]. Bytes beyond the announced fields are an error unless a
 * reserved flag bit announces them.
 * @throws GattDecodeError when the bytes do not match the flags or a field is out of range
 */
export function decodeTemperatureMeasurement(bytes: Uint8Array): TemperatureMeasurement {
  const reader = new GattReader(TEMPERATURE_MEASUREMENT, bytes);
  const flags = reader.u8('the flags byte');
  const temperatureInUnit = reader.float('the temperature value');
  const timestamp = flags & FLAG_TIMESTAMP ? reader.dateTime('a timestamp', true) : null;
  let temperatureType: TemperatureType | null = null;
  if (flags & FLAG_TYPE) {
    const code = reader.u8('a temperature type', true);
    temperatureType = TEMPERATURE_TYPES[code - 1] ?? reader.fail(`temperature type ${code} is not 1–9`);
  }
  reader.end((flags & RESERVED_FLAGS) !== 0);
  return {
    temperatureInUnit,
    unit: flags & FLAG_FAHRENHEIT ? 'fahrenheit' : 'celsius',
    timestamp,
    temperatureType,
  };
}

/**
 * Encodes a Temperature Measurement (0x2A1C); a null temperature is sent as NaN.
 * @throws RangeError when a value does not fit its field
 */
export function encodeTemperatureMeasurement(input: TemperatureMeasurementInput): Uint8Array {
  const { temperatureInUnit, unit, timestamp = null, temperatureType = null } = input;
  const flags =
    (unit === 'fahrenheit' ? FLAG_FAHRENHEIT : 0) |
    (timestamp !== null ? FLAG_TIMESTAMP : 0) |
    (temperatureType !== null ? FLAG_TYPE : 0);
  const writer = new GattWriter().u8(flags, 'flags').float(temperatureInUnit);
  if (timestamp !== null) writer.dateTime(timestamp);
  if (temperatureType !== null) writer.u8(TEMPERATURE_TYPES.indexOf(temperatureType) + 1, 'Temperature type');
  return writer.bytes();
}
