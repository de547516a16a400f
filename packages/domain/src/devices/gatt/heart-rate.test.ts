import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BODY_SENSOR_LOCATIONS,
  decodeBodySensorLocation,
  decodeHeartRateMeasurement,
  encodeBodySensorLocation,
  encodeHeartRateMeasurement,
  type HeartRateMeasurement,
} from './heart-rate.ts';
import { bytesFromHex, bytesToHex } from './hex.ts';
import { orNull } from './test-arbitraries.ts';

const decode = (hex: string) => decodeHeartRateMeasurement(bytesFromHex(hex));

const hr = (heartRate: number, rest: Partial<HeartRateMeasurement> = {}): HeartRateMeasurement => ({
  heartRate,
  sensorContact: 'unsupported',
  energyExpendedKj: null,
  rrIntervalsMs: [],
  ...rest,
});

describe('Heart Rate Measurement (0x2A37)', () => {
  // docs/reference/devices.md test vectors, then more flag combinations.
  it.each([
    ['00 48', hr(72)],
    ['06 48', hr(72, { sensorContact: 'detected' })],
    ['04 48', hr(72, { sensorContact: 'not-detected' })],
    ['01 B4 00', hr(180)],
    ['16 48 00 04', hr(72, { sensorContact: 'detected', rrIntervalsMs: [1000] })],
    [
      '1E 48 2C 01 00 04 00 02',
      hr(72, { sensorContact: 'detected', energyExpendedKj: 300, rrIntervalsMs: [1000, 500] }),
    ],
    ['02 48', hr(72)], // "detected" without "supported" means the sensor cannot tell
    ['01 48 00', hr(72)], // 16-bit value below 256
    ['01 FF FF', hr(65535)],
    ['00 00', hr(0)],
    ['08 48 FF FF', hr(72, { energyExpendedKj: 65535 })],
    ['10 48 01 00 FF FF', hr(72, { rrIntervalsMs: [1000 / 1024, (65535 * 1000) / 1024] })],
    ['19 2C 01 10 00 00 02 00 04 00 06', hr(300, { energyExpendedKj: 16, rrIntervalsMs: [500, 1000, 1500] })],
    // A reserved flag bit announces fields of a later version: the fields known today still decode.
    ['20 48 AA BB', hr(72)],
  ])('%s', (hex, expected) => {
    expect(decode(hex)).toEqual(expected);
  });

  it.each([
    ['', 'Heart Rate Measurement: 0 bytes, but the flags byte needs 1'],
    ['00', 'Heart Rate Measurement: 1 byte, but an 8-bit heart rate value needs 2'],
    ['01 48', 'Heart Rate Measurement: 2 bytes, but flags say a 16-bit value needs 3'],
    ['01', 'Heart Rate Measurement: 1 byte, but flags say a 16-bit value needs 3'],
    ['08 48 2C', 'Heart Rate Measurement: 3 bytes, but flags say the energy expended needs 4'],
    ['10 48', 'Heart Rate Measurement: 2 bytes, but flags say an RR-interval needs 4'],
    ['10 48 00', 'Heart Rate Measurement: 3 bytes, but flags say an RR-interval needs 4'],
    ['18 48 2C 01', 'Heart Rate Measurement: 4 bytes, but flags say an RR-interval needs 6'],
    ['10 48 00 04 00', 'Heart Rate Measurement: RR-intervals are 2 bytes each, but 1 byte is left over'],
    ['00 48 00', 'Heart Rate Measurement: 3 bytes, but the flags account for 2; 1 byte left over'],
    ['08 48 2C 01 00 04', 'Heart Rate Measurement: 6 bytes, but the flags account for 4; 2 bytes left over'],
  ])('%s is refused: %s', (hex, message) => {
    expect(() => decode(hex)).toThrowError(expect.objectContaining({ name: 'GattDecodeError', message }));
  });

  const rrUnits = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 9 });
  const contact = fc.constantFrom('unsupported' as const, 'detected' as const, 'not-detected' as const);

  it('round-trips every flag combination over the full 8- and 16-bit ranges', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({ heartRate: fc.integer({ min: 0, max: 0xff }), isUint16: fc.boolean() }),
          fc.record({ heartRate: fc.integer({ min: 0, max: 0xffff }), isUint16: fc.constant(true) }),
        ),
        contact,
        orNull(fc.integer({ min: 0, max: 0xffff })),
        rrUnits,
        ({ heartRate, isUint16 }, sensorContact, energyExpendedKj, units) => {
          const rrIntervalsMs = units.map((u) => (u * 1000) / 1024);
          const bytes = encodeHeartRateMeasurement({
            heartRate,
            isUint16,
            sensorContact,
            energyExpendedKj,
            rrIntervalsMs,
          });
          expect(bytes.length).toBe(
            1 + (isUint16 ? 2 : 1) + (energyExpendedKj === null ? 0 : 2) + 2 * rrIntervalsMs.length,
          );
          expect(decodeHeartRateMeasurement(bytes)).toEqual({
            heartRate,
            sensorContact,
            energyExpendedKj,
            rrIntervalsMs,
          });
        },
      ),
    );
  });

  it('sends RR-intervals in ms to the nearest 1/1024 s', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 63_999, noNaN: true }), { minLength: 1, maxLength: 9 }),
        (ms) => {
          const decoded = decodeHeartRateMeasurement(
            encodeHeartRateMeasurement({ heartRate: 60, rrIntervalsMs: ms }),
          );
          decoded.rrIntervalsMs.forEach((value, i) => {
            expect(Math.abs(value - ms[i]!)).toBeLessThanOrEqual(1000 / 2048 + 1e-9);
          });
        },
      ),
    );
  });

  it('sends a heart rate above 255 as 16 bits', () => {
    expect(bytesToHex(encodeHeartRateMeasurement({ heartRate: 300 }))).toBe('01 2C 01');
    expect(bytesToHex(encodeHeartRateMeasurement({ heartRate: 72, sensorContact: 'detected' }))).toBe(
      '06 48',
    );
  });

  it('refuses to encode values that do not fit', () => {
    expect(() => encodeHeartRateMeasurement({ heartRate: 70_000 })).toThrow(RangeError);
    expect(() => encodeHeartRateMeasurement({ heartRate: -1 })).toThrow(RangeError);
    expect(() => encodeHeartRateMeasurement({ heartRate: 72.5 })).toThrow(RangeError);
    expect(() => encodeHeartRateMeasurement({ heartRate: 72, energyExpendedKj: 70_000 })).toThrow(RangeError);
    expect(() => encodeHeartRateMeasurement({ heartRate: 72, rrIntervalsMs: [64_000] })).toThrow(RangeError);
  });
});

describe('Body Sensor Location (0x2A38)', () => {
  it.each(BODY_SENSOR_LOCATIONS.map((location, code) => [code, location] as const))(
    '%s is %s',
    (code, location) => {
      expect(decodeBodySensorLocation(Uint8Array.of(code))).toEqual({ location });
      expect(encodeBodySensorLocation(location)).toEqual(Uint8Array.of(code));
    },
  );

  it.each([
    ['07', 'Body Sensor Location: location 7 is reserved (0–6 are defined)'],
    ['FF', 'Body Sensor Location: location 255 is reserved (0–6 are defined)'],
    ['', 'Body Sensor Location: 0 bytes, but the location needs 1'],
    ['01 01', 'Body Sensor Location: 2 bytes, but the format accounts for 1; 1 byte left over'],
  ])('%s is refused', (hex, message) => {
    expect(() => decodeBodySensorLocation(bytesFromHex(hex))).toThrowError(message);
  });
});
