import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BloodPressureMeasurement,
  decodeBloodPressureMeasurement,
  encodeBloodPressureMeasurement,
} from './blood-pressure.ts';
import { bytesFromHex, bytesToHex } from './hex.ts';
import { gattDateTime, orNull, sfloatValue } from './test-arbitraries.ts';

const decode = (hex: string) => decodeBloodPressureMeasurement(bytesFromHex(hex));

const TIMESTAMP = { year: 2026, month: 3, day: 2, hours: 14, minutes: 30, seconds: 5 };

const bp = (
  systolicInUnit: number | null,
  diastolicInUnit: number | null,
  meanArterialPressureInUnit: number | null,
  rest: Partial<BloodPressureMeasurement> = {},
): BloodPressureMeasurement => ({
  unit: 'mmHg',
  systolicInUnit,
  diastolicInUnit,
  meanArterialPressureInUnit,
  timestamp: null,
  heartRate: null,
  userId: null,
  measurementStatus: null,
  ...rest,
});

describe('Blood Pressure Measurement (0x2A35)', () => {
  // docs/reference/devices.md test vectors, then every optional field.
  it.each([
    ['00 79 00 51 00 6A 00', bp(121, 81, 106)],
    ['04 78 00 50 00 5D 00 48 00', bp(120, 80, 93, { heartRate: 72 })],
    ['01 A0 F0 6B F0 7D F0', bp(16, 10.7, 12.5, { unit: 'kPa' })],
    ['00 FF 07 00 08 FE 07', bp(null, null, null)],
    ['00 01 08 02 08 02 08', bp(null, null, null)], // reserved, −INF
    ['02 78 00 50 00 5D 00 EA 07 03 02 0E 1E 05', bp(120, 80, 93, { timestamp: TIMESTAMP })],
    ['08 78 00 50 00 5D 00 FF', bp(120, 80, 93, { userId: 255 })],
    ['10 78 00 50 00 5D 00 05 00', bp(120, 80, 93, { measurementStatus: 0x0005 })],
    [
      '1F A0 F0 6B F0 7D F0 EA 07 03 02 0E 1E 05 48 00 01 20 00',
      bp(16, 10.7, 12.5, {
        unit: 'kPa',
        timestamp: TIMESTAMP,
        heartRate: 72,
        userId: 1,
        measurementStatus: 0x20,
      }),
    ],
    ['20 78 00 50 00 5D 00 01 02 03', bp(120, 80, 93)], // reserved flag bit
  ])('%s', (hex, expected) => {
    expect(decode(hex)).toEqual(expected);
  });

  it.each([
    ['', 'Blood Pressure Measurement: 0 bytes, but the flags byte needs 1'],
    ['00 79 00', 'Blood Pressure Measurement: 3 bytes, but the diastolic pressure needs 5'],
    ['00 79 00 51 00 6A', 'Blood Pressure Measurement: 6 bytes, but the mean arterial pressure needs 7'],
    ['02 78 00 50 00 5D 00', 'Blood Pressure Measurement: 7 bytes, but flags say a timestamp needs 14'],
    ['04 78 00 50 00 5D 00', 'Blood Pressure Measurement: 7 bytes, but flags say a pulse rate needs 9'],
    ['04 78 00 50 00 5D 00 48', 'Blood Pressure Measurement: 8 bytes, but flags say a pulse rate needs 9'],
    ['08 78 00 50 00 5D 00', 'Blood Pressure Measurement: 7 bytes, but flags say a user id needs 8'],
    [
      '10 78 00 50 00 5D 00 05',
      'Blood Pressure Measurement: 8 bytes, but flags say a measurement status needs 9',
    ],
    [
      '1E 78 00 50 00 5D 00 EA 07 03 02 0E 1E 05 48 00 01',
      'Blood Pressure Measurement: 17 bytes, but flags say a measurement status needs 19',
    ],
    [
      '00 79 00 51 00 6A 00 48 00',
      'Blood Pressure Measurement: 9 bytes, but the flags account for 7; 2 bytes left over',
    ],
  ])('%s is refused: %s', (hex, message) => {
    expect(() => decode(hex)).toThrowError(expect.objectContaining({ name: 'GattDecodeError', message }));
  });

  it('encodes the mmHg test vectors byte for byte', () => {
    const encode = encodeBloodPressureMeasurement;
    expect(
      bytesToHex(
        encode({ unit: 'mmHg', systolicInUnit: 121, diastolicInUnit: 81, meanArterialPressureInUnit: 106 }),
      ),
    ).toBe('00 79 00 51 00 6A 00');
    expect(
      bytesToHex(
        encode({
          unit: 'mmHg',
          systolicInUnit: 120,
          diastolicInUnit: 80,
          meanArterialPressureInUnit: 93,
          heartRate: 72,
        }),
      ),
    ).toBe('04 78 00 50 00 5D 00 48 00');
  });

  it('round-trips every flag combination, every SFLOAT value and every timestamp', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('mmHg' as const, 'kPa' as const),
        fc.tuple(orNull(sfloatValue), orNull(sfloatValue), orNull(sfloatValue)),
        orNull(gattDateTime),
        orNull(sfloatValue),
        orNull(fc.integer({ min: 0, max: 0xff })),
        orNull(fc.integer({ min: 0, max: 0xffff })),
        (
          unit,
          [systolicInUnit, diastolicInUnit, meanArterialPressureInUnit],
          timestamp,
          heartRate,
          userId,
          measurementStatus,
        ) => {
          const measurement = {
            unit,
            systolicInUnit,
            diastolicInUnit,
            meanArterialPressureInUnit,
            timestamp,
            heartRate,
            userId,
            measurementStatus,
          };
          const bytes = encodeBloodPressureMeasurement(measurement);
          expect(bytes.length).toBe(
            7 +
              (timestamp ? 7 : 0) +
              (heartRate === null ? 0 : 2) +
              (userId === null ? 0 : 1) +
              (measurementStatus === null ? 0 : 2),
          );
          expect(decodeBloodPressureMeasurement(bytes)).toEqual(measurement);
        },
      ),
    );
  });
});
