import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesFromHex, bytesToHex } from './hex.ts';
import { SFLOAT_SPECIAL } from './ieee11073.ts';
import {
  decodePlxContinuousMeasurement,
  decodePlxSpotCheckMeasurement,
  encodePlxContinuousMeasurement,
  encodePlxSpotCheckMeasurement,
  type PlxContinuousMeasurement,
  type PlxSpotCheckMeasurement,
} from './pulse-oximeter.ts';
import { gattDateTime, orNull, sfloatValue } from './test-arbitraries.ts';

const TIMESTAMP = { year: 2026, month: 3, day: 2, hours: 14, minutes: 30, seconds: 5 };

const continuous = (
  oxygenLevel: number | null,
  heartRate: number | null,
  rest: Partial<PlxContinuousMeasurement> = {},
): PlxContinuousMeasurement => ({
  oxygenLevel,
  heartRate,
  fast: null,
  slow: null,
  measurementStatus: null,
  deviceAndSensorStatus: null,
  pulseAmplitudeIndexPct: null,
  ...rest,
});

const spotCheck = (
  oxygenLevel: number | null,
  heartRate: number | null,
  rest: Partial<PlxSpotCheckMeasurement> = {},
): PlxSpotCheckMeasurement => ({
  oxygenLevel,
  heartRate,
  timestamp: null,
  measurementStatus: null,
  deviceAndSensorStatus: null,
  pulseAmplitudeIndexPct: null,
  isDeviceClockNotSet: false,
  ...rest,
});

const sfloatHex = (raw: number) => bytesToHex(Uint8Array.of(raw & 0xff, raw >> 8));

describe('PLX Continuous Measurement (0x2A5F)', () => {
  const decode = (hex: string) => decodePlxContinuousMeasurement(bytesFromHex(hex));

  // docs/reference/devices.md test vectors, then every optional field.
  it.each([
    ['00 62 00 48 00', continuous(98, 72)],
    ['00 CF F3 48 00', continuous(97.5, 72)],
    ['00 FF 07 FF 07', continuous(null, null)],
    ['01 62 00 48 00 CF F3 4B 00', continuous(98, 72, { fast: { oxygenLevel: 97.5, heartRate: 75 } })],
    ['02 62 00 48 00 62 00 46 00', continuous(98, 72, { slow: { oxygenLevel: 98, heartRate: 70 } })],
    ['01 62 00 48 00 FF 07 00 08', continuous(98, 72, { fast: { oxygenLevel: null, heartRate: null } })],
    ['04 62 00 48 00 80 00', continuous(98, 72, { measurementStatus: 0x0080 })],
    ['08 62 00 48 00 20 00 01', continuous(98, 72, { deviceAndSensorStatus: 0x010020 })],
    ['10 62 00 48 00 35 F0', continuous(98, 72, { pulseAmplitudeIndexPct: 5.3 })],
    [
      '1F 62 00 48 00 CF F3 4B 00 62 00 46 00 80 00 20 00 00 35 F0',
      continuous(98, 72, {
        fast: { oxygenLevel: 97.5, heartRate: 75 },
        slow: { oxygenLevel: 98, heartRate: 70 },
        measurementStatus: 0x0080,
        deviceAndSensorStatus: 0x000020,
        pulseAmplitudeIndexPct: 5.3,
      }),
    ],
    ['80 62 00 48 00 01', continuous(98, 72)], // reserved flag bit: appended fields of a later version
  ])('%s', (hex, expected) => {
    expect(decode(hex)).toEqual(expected);
  });

  it.each(Object.entries(SFLOAT_SPECIAL))('%s in every SFLOAT field is no value', (_name, raw) => {
    const s = sfloatHex(raw);
    expect(decode(`13 ${s} ${s} ${s} ${s} ${s} ${s} ${s}`)).toEqual(
      continuous(null, null, {
        fast: { oxygenLevel: null, heartRate: null },
        slow: { oxygenLevel: null, heartRate: null },
      }),
    );
  });

  it.each([
    ['', 'PLX Continuous Measurement: 0 bytes, but the flags byte needs 1'],
    ['00 62', 'PLX Continuous Measurement: 2 bytes, but the SpO2 needs 3'],
    ['00 62 00 48', 'PLX Continuous Measurement: 4 bytes, but the pulse rate needs 5'],
    ['01 62 00 48 00', 'PLX Continuous Measurement: 5 bytes, but flags say the fast SpO2 needs 7'],
    [
      '01 62 00 48 00 62 00',
      'PLX Continuous Measurement: 7 bytes, but flags say the fast pulse rate needs 9',
    ],
    [
      '03 62 00 48 00 62 00 48 00',
      'PLX Continuous Measurement: 9 bytes, but flags say the slow SpO2 needs 11',
    ],
    ['04 62 00 48 00 80', 'PLX Continuous Measurement: 6 bytes, but flags say a measurement status needs 7'],
    [
      '08 62 00 48 00 20 00',
      'PLX Continuous Measurement: 7 bytes, but flags say a device and sensor status needs 8',
    ],
    ['10 62 00 48 00', 'PLX Continuous Measurement: 5 bytes, but flags say a pulse amplitude index needs 7'],
    [
      '1F 62 00 48 00 CF F3 4B 00 62 00 46 00 80 00 20 00 00 35',
      'PLX Continuous Measurement: 19 bytes, but flags say a pulse amplitude index needs 20',
    ],
    [
      '00 62 00 48 00 35 F0',
      'PLX Continuous Measurement: 7 bytes, but the flags account for 5; 2 bytes left over',
    ],
  ])('%s is refused: %s', (hex, message) => {
    expect(() => decode(hex)).toThrowError(expect.objectContaining({ name: 'GattDecodeError', message }));
  });

  it('encodes the test vectors byte for byte', () => {
    expect(bytesToHex(encodePlxContinuousMeasurement({ oxygenLevel: 98, heartRate: 72 }))).toBe(
      '00 62 00 48 00',
    );
    expect(bytesToHex(encodePlxContinuousMeasurement({ oxygenLevel: 97.5, heartRate: 72 }))).toBe(
      '00 CF F3 48 00',
    );
    expect(bytesToHex(encodePlxContinuousMeasurement({ oxygenLevel: null, heartRate: null }))).toBe(
      '00 FF 07 FF 07',
    );
  });

  const pair = fc.record({ oxygenLevel: orNull(sfloatValue), heartRate: orNull(sfloatValue) });

  it('round-trips every flag combination and every SFLOAT value', () => {
    fc.assert(
      fc.property(
        pair,
        orNull(pair),
        orNull(pair),
        orNull(fc.integer({ min: 0, max: 0xffff })),
        orNull(fc.integer({ min: 0, max: 0xffffff })),
        orNull(sfloatValue),
        (normal, fast, slow, measurementStatus, deviceAndSensorStatus, pulseAmplitudeIndexPct) => {
          const measurement = {
            ...normal,
            fast,
            slow,
            measurementStatus,
            deviceAndSensorStatus,
            pulseAmplitudeIndexPct,
          };
          const bytes = encodePlxContinuousMeasurement(measurement);
          expect(bytes.length).toBe(
            5 +
              (fast ? 4 : 0) +
              (slow ? 4 : 0) +
              (measurementStatus === null ? 0 : 2) +
              (deviceAndSensorStatus === null ? 0 : 3) +
              (pulseAmplitudeIndexPct === null ? 0 : 2),
          );
          expect(decodePlxContinuousMeasurement(bytes)).toEqual(measurement);
        },
      ),
    );
  });
});

describe('PLX Spot-check Measurement (0x2A5E)', () => {
  const decode = (hex: string) => decodePlxSpotCheckMeasurement(bytesFromHex(hex));

  it.each([
    ['00 62 00 48 00', spotCheck(98, 72)],
    ['00 FF 07 00 08', spotCheck(null, null)],
    ['01 62 00 48 00 EA 07 03 02 0E 1E 05', spotCheck(98, 72, { timestamp: TIMESTAMP })],
    ['02 62 00 48 00 00 80', spotCheck(98, 72, { measurementStatus: 0x8000 })],
    ['04 62 00 48 00 00 80 00', spotCheck(98, 72, { deviceAndSensorStatus: 0x008000 })],
    ['08 62 00 48 00 35 F0', spotCheck(98, 72, { pulseAmplitudeIndexPct: 5.3 })],
    ['10 62 00 48 00', spotCheck(98, 72, { isDeviceClockNotSet: true })],
    [
      '1F 62 00 48 00 EA 07 03 02 0E 1E 05 80 00 20 00 00 35 F0',
      spotCheck(98, 72, {
        timestamp: TIMESTAMP,
        measurementStatus: 0x0080,
        deviceAndSensorStatus: 0x000020,
        pulseAmplitudeIndexPct: 5.3,
        isDeviceClockNotSet: true,
      }),
    ],
    ['20 62 00 48 00 01', spotCheck(98, 72)], // reserved flag bit
  ])('%s', (hex, expected) => {
    expect(decode(hex)).toEqual(expected);
  });

  it.each([
    ['', 'PLX Spot-check Measurement: 0 bytes, but the flags byte needs 1'],
    ['00 62 00', 'PLX Spot-check Measurement: 3 bytes, but the pulse rate needs 5'],
    ['01 62 00 48 00', 'PLX Spot-check Measurement: 5 bytes, but flags say a timestamp needs 12'],
    ['01 62 00 48 00 EA 07 03', 'PLX Spot-check Measurement: 8 bytes, but flags say a timestamp needs 12'],
    ['02 62 00 48 00', 'PLX Spot-check Measurement: 5 bytes, but flags say a measurement status needs 7'],
    [
      '04 62 00 48 00 00 80',
      'PLX Spot-check Measurement: 7 bytes, but flags say a device and sensor status needs 8',
    ],
    [
      '08 62 00 48 00 35',
      'PLX Spot-check Measurement: 6 bytes, but flags say a pulse amplitude index needs 7',
    ],
    ['01 62 00 48 00 EA 07 03 02 0E 1E 3C', 'PLX Spot-check Measurement: date time seconds 60 is not 0–59'],
    [
      '10 62 00 48 00 00',
      'PLX Spot-check Measurement: 6 bytes, but the flags account for 5; 1 byte left over',
    ],
  ])('%s is refused: %s', (hex, message) => {
    expect(() => decode(hex)).toThrowError(expect.objectContaining({ name: 'GattDecodeError', message }));
  });

  it('round-trips every flag combination, every SFLOAT value and every timestamp', () => {
    fc.assert(
      fc.property(
        orNull(sfloatValue),
        orNull(sfloatValue),
        orNull(gattDateTime),
        orNull(fc.integer({ min: 0, max: 0xffff })),
        orNull(fc.integer({ min: 0, max: 0xffffff })),
        orNull(sfloatValue),
        fc.boolean(),
        (
          oxygenLevel,
          heartRate,
          timestamp,
          measurementStatus,
          deviceAndSensorStatus,
          pai,
          isDeviceClockNotSet,
        ) => {
          const measurement = {
            oxygenLevel,
            heartRate,
            timestamp,
            measurementStatus,
            deviceAndSensorStatus,
            pulseAmplitudeIndexPct: pai,
            isDeviceClockNotSet,
          };
          expect(decodePlxSpotCheckMeasurement(encodePlxSpotCheckMeasurement(measurement))).toEqual(
            measurement,
          );
        },
      ),
    );
  });
});
