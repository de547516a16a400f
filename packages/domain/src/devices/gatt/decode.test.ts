import { describe, expect, it } from 'vitest';
import { decodeCharacteristic } from './decode.ts';
import { GattDecodeError } from './errors.ts';
import { bytesFromHex } from './hex.ts';
import { GATT_CHARACTERISTICS, gattUuid } from './uuids.ts';

const C = GATT_CHARACTERISTICS;

describe('decodeCharacteristic', () => {
  it.each([
    [C.heartRateMeasurement, '06 48', { kind: 'heart-rate', heartRate: 72, sensorContact: 'detected' }],
    [C.bodySensorLocation, '01', { kind: 'body-sensor-location', location: 'chest' }],
    [C.batteryLevel, '57', { kind: 'battery', batteryPct: 87 }],
    [
      C.temperatureMeasurement,
      '00 72 0E 00 FE',
      { kind: 'temperature', temperatureInUnit: 36.98, unit: 'celsius' },
    ],
    [
      C.plxContinuous,
      '00 62 00 48 00',
      { kind: 'plx-continuous', oxygenLevel: 98, heartRate: 72, fast: null },
    ],
    [
      C.plxSpotCheck,
      '10 62 00 48 00',
      { kind: 'plx-spot-check', oxygenLevel: 98, isDeviceClockNotSet: true },
    ],
    [
      C.bloodPressureMeasurement,
      '00 79 00 51 00 6A 00',
      { kind: 'blood-pressure', systolicInUnit: 121, diastolicInUnit: 81 },
    ],
    [C.modelNumberString, '48 52 4D', { kind: 'model-number', modelNumber: 'HRM' }],
  ])('decodes 0x%s by its kind', (uuid, hex, expected) => {
    const bytes = bytesFromHex(hex);
    for (const form of [uuid, gattUuid(uuid), gattUuid(uuid).toUpperCase(), `0x${uuid.toString(16)}`]) {
      expect(decodeCharacteristic(form, bytes)).toMatchObject(expected);
    }
  });

  it.each([
    [0x2a99, 'Characteristic 0x2a99: not a characteristic Vigil decodes'],
    [gattUuid(0x2a25), 'Characteristic 0x2a25: not a characteristic Vigil decodes'], // serial number
    [
      '6e400003-b5a3-f393-e0a9-e50e24dcca9e',
      'Characteristic 6e400003-b5a3-f393-e0a9-e50e24dcca9e: not a characteristic Vigil decodes',
    ],
  ])('refuses a characteristic it does not know: %s', (uuid, message) => {
    const attempt = () => decodeCharacteristic(uuid, Uint8Array.of(0));
    expect(attempt).toThrow(GattDecodeError);
    expect(attempt).toThrow(message);
  });

  it('passes on the decoder errors', () => {
    expect(() => decodeCharacteristic(C.heartRateMeasurement, bytesFromHex('01 48'))).toThrow(
      'Heart Rate Measurement: 2 bytes, but flags say a 16-bit value needs 3',
    );
  });
});
