import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesFromHex, bytesToHex } from './hex.ts';
import { FLOAT_SPECIAL } from './ieee11073.ts';
import {
  decodeTemperatureMeasurement,
  encodeTemperatureMeasurement,
  TEMPERATURE_TYPES,
  type TemperatureMeasurement,
} from './temperature.ts';
import { floatValue, gattDateTime, orNull } from './test-arbitraries.ts';

const decode = (hex: string) => decodeTemperatureMeasurement(bytesFromHex(hex));

const celsius = (
  temperatureInUnit: number | null,
  rest: Partial<TemperatureMeasurement> = {},
): TemperatureMeasurement => ({
  temperatureInUnit,
  unit: 'celsius',
  timestamp: null,
  temperatureType: null,
  ...rest,
});

const TIMESTAMP = { year: 2026, month: 3, day: 2, hours: 14, minutes: 30, seconds: 5 };

describe('Temperature Measurement (0x2A1C)', () => {
  // docs/reference/devices.md test vectors, then more flag combinations.
  it.each([
    ['00 72 0E 00 FE', celsius(36.98)],
    ['01 DA 03 00 FF', celsius(98.6, { unit: 'fahrenheit' })],
    ['00 FF FF 7F 00', celsius(null)],
    ['02 72 0E 00 FE EA 07 03 02 0E 1E 05', celsius(36.98, { timestamp: TIMESTAMP })],
    ['04 72 0E 00 FE 06', celsius(36.98, { temperatureType: 'mouth' })],
    [
      '07 DA 03 00 FF EA 07 03 02 0E 1E 05 09',
      celsius(98.6, { unit: 'fahrenheit', timestamp: TIMESTAMP, temperatureType: 'tympanum' }),
    ],
    ['08 72 0E 00 FE 01 02', celsius(36.98)], // reserved flag bit: appended fields of a later version
  ])('%s', (hex, expected) => {
    expect(decode(hex)).toEqual(expected);
  });

  it.each(TEMPERATURE_TYPES.map((type, i) => [i + 1, type] as const))('type %s is %s', (code, type) => {
    expect(decode(`04 72 0E 00 FE 0${code}`).temperatureType).toBe(type);
  });

  it.each(Object.entries(FLOAT_SPECIAL))('%s is no value', (_name, raw) => {
    const bytes = Uint8Array.of(0, raw & 0xff, (raw >> 8) & 0xff, (raw >> 16) & 0xff, raw >>> 24);
    expect(decodeTemperatureMeasurement(bytes).temperatureInUnit).toBeNull();
  });

  it.each([
    ['', 'Temperature Measurement: 0 bytes, but the flags byte needs 1'],
    ['00 72 0E 00', 'Temperature Measurement: 4 bytes, but the temperature value needs 5'],
    ['02 72 0E 00 FE', 'Temperature Measurement: 5 bytes, but flags say a timestamp needs 12'],
    [
      '02 72 0E 00 FE EA 07 03 02 0E 1E',
      'Temperature Measurement: 11 bytes, but flags say a timestamp needs 12',
    ],
    ['04 72 0E 00 FE', 'Temperature Measurement: 5 bytes, but flags say a temperature type needs 6'],
    [
      '06 72 0E 00 FE EA 07 03 02 0E 1E 05',
      'Temperature Measurement: 12 bytes, but flags say a temperature type needs 13',
    ],
    ['04 72 0E 00 FE 00', 'Temperature Measurement: temperature type 0 is not 1–9'],
    ['04 72 0E 00 FE 0A', 'Temperature Measurement: temperature type 10 is not 1–9'],
    [
      '02 72 0E 00 FE EA 07 0D 02 0E 1E 05',
      'Temperature Measurement: date time month 13 is not 0 (unknown) or 1–12',
    ],
    ['00 72 0E 00 FE 06', 'Temperature Measurement: 6 bytes, but the flags account for 5; 1 byte left over'],
  ])('%s is refused: %s', (hex, message) => {
    expect(() => decode(hex)).toThrowError(expect.objectContaining({ name: 'GattDecodeError', message }));
  });

  it('encodes the test vectors byte for byte', () => {
    expect(bytesToHex(encodeTemperatureMeasurement({ temperatureInUnit: 36.98, unit: 'celsius' }))).toBe(
      '00 72 0E 00 FE',
    );
    expect(bytesToHex(encodeTemperatureMeasurement({ temperatureInUnit: 98.6, unit: 'fahrenheit' }))).toBe(
      '01 DA 03 00 FF',
    );
    expect(bytesToHex(encodeTemperatureMeasurement({ temperatureInUnit: null, unit: 'celsius' }))).toBe(
      '00 FF FF 7F 00',
    );
  });

  it('round-trips every flag combination, every FLOAT value and every timestamp', () => {
    fc.assert(
      fc.property(
        orNull(floatValue),
        fc.constantFrom('celsius' as const, 'fahrenheit' as const),
        orNull(gattDateTime),
        orNull(fc.constantFrom(...TEMPERATURE_TYPES)),
        (temperatureInUnit, unit, timestamp, temperatureType) => {
          const measurement = { temperatureInUnit, unit, timestamp, temperatureType };
          const bytes = encodeTemperatureMeasurement(measurement);
          expect(bytes.length).toBe(5 + (timestamp ? 7 : 0) + (temperatureType ? 1 : 0));
          expect(decodeTemperatureMeasurement(bytes)).toEqual(measurement);
        },
      ),
    );
  });
});
