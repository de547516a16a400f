import { describe, expect, it } from 'vitest';
import { decodeCharacteristic } from './decode.ts';
import { bytesFromHex } from './hex.ts';
import { PLX_DEVICE_STATUS, PLX_MEASUREMENT_STATUS } from './pulse-oximeter.ts';
import { measurementToReading } from './reading.ts';
import { GATT_CHARACTERISTICS } from './uuids.ts';

const C = GATT_CHARACTERISTICS;
const reading = (uuid: number, hex: string) =>
  measurementToReading(decodeCharacteristic(uuid, bytesFromHex(hex)));

describe('measurementToReading', () => {
  // Every docs/reference/devices.md test vector, as the reading Vigil would store.
  it.each([
    [C.heartRateMeasurement, '00 48', { heartRate: 72 }],
    [C.heartRateMeasurement, '06 48', { heartRate: 72 }],
    [C.heartRateMeasurement, '01 B4 00', { heartRate: 180 }],
    [C.heartRateMeasurement, '16 48 00 04', { heartRate: 72 }],
    [C.heartRateMeasurement, '1E 48 2C 01 00 04 00 02', { heartRate: 72 }],
    [C.temperatureMeasurement, '00 72 0E 00 FE', { temperature: 986 }], // 36.98 °C = 98.564 °F
    [C.temperatureMeasurement, '01 DA 03 00 FF', { temperature: 986 }], // 98.6 °F
    [C.temperatureMeasurement, '00 FF FF 7F 00', {}],
    [C.plxContinuous, '00 62 00 48 00', { oxygenLevel: 98, heartRate: 72 }],
    [C.plxContinuous, '00 CF F3 48 00', { oxygenLevel: 98, heartRate: 72 }], // 97.5 rounds half up
    [C.plxContinuous, '00 FF 07 FF 07', {}],
    [C.bloodPressureMeasurement, '00 79 00 51 00 6A 00', { systolicBP: 121, diastolicBP: 81 }],
    [
      C.bloodPressureMeasurement,
      '04 78 00 50 00 5D 00 48 00',
      { systolicBP: 120, diastolicBP: 80, heartRate: 72 },
    ],
    [C.bloodPressureMeasurement, '01 A0 F0 6B F0 7D F0', { systolicBP: 120, diastolicBP: 80 }], // 120.01, 80.26
    [C.batteryLevel, '57', { batteryLevel: 87 }],
  ])('0x%s %s → %o', (uuid, hex, expected) => {
    expect(reading(uuid, hex)).toEqual(expected);
  });

  it.each([
    [C.temperatureMeasurement, '00 6E 01 00 FF', { temperature: 979 }], // 36.6 °C = 97.88 °F
    [C.temperatureMeasurement, '00 91 0E 00 FE', { temperature: 991 }], // 37.29 °C = 99.122 °F
    [C.temperatureMeasurement, '00 8D 0E 00 FE', { temperature: 991 }], // 37.25 °C = 99.05 °F, half up
    [C.temperatureMeasurement, '01 6D 26 00 FE', { temperature: 984 }], // 98.37 °F
    [C.plxSpotCheck, '00 5F 00 3C 00', { oxygenLevel: 95, heartRate: 60 }],
    [C.plxContinuous, '00 C3 F3 8F F2', { oxygenLevel: 96, heartRate: 66 }], // 96.3 %, 65.5 bpm
    [C.bloodPressureMeasurement, '04 78 00 FF 07 5D 00 FF 07', { systolicBP: 120 }], // NaN diastolic and pulse
    [C.bloodPressureMeasurement, '01 A9 F0 73 F0 80 F0', { systolicBP: 127, diastolicBP: 86 }], // 16.9, 11.5 kPa
    [C.heartRateMeasurement, '04 48', {}], // sensor not on the skin: not the patient's heart rate
    [C.modelNumberString, '48 52 4D', {}],
    [C.bodySensorLocation, '01', {}],
  ])('0x%s %s → %o', (uuid, hex, expected) => {
    expect(reading(uuid, hex)).toEqual(expected);
  });

  it.each([
    ['validated data', '04 62 00 48 00 80 00', { oxygenLevel: 98, heartRate: 72 }],
    ['measurement unavailable', '04 62 00 48 00 00 20', {}],
    ['questionable measurement', '04 62 00 48 00 00 40', {}],
    ['invalid measurement', '04 62 00 48 00 00 80', {}],
    ['low perfusion (a warning, not a fault)', '08 62 00 48 00 20 00 00', { oxygenLevel: 98, heartRate: 72 }],
    ['equipment malfunction', '08 62 00 48 00 02 00 00', {}],
    ['sensor unconnected to user', '08 62 00 48 00 00 08 00', {}],
    ['sensor displaced', '08 62 00 48 00 00 20 00', {}],
    ['sensor malfunctioning', '08 62 00 48 00 00 40 00', {}],
    ['sensor disconnected', '08 62 00 48 00 00 80 00', {}],
  ])('an oximeter reporting %s → %o', (_status, hex, expected) => {
    expect(reading(C.plxContinuous, hex)).toEqual(expected);
    // Spot-check carries the same status fields behind different flag bits.
    const flags = hex.startsWith('04') ? '02' : '04';
    expect(reading(C.plxSpotCheck, flags + hex.slice(2))).toEqual(expected);
  });

  it('names the status bits of the Pulse Oximeter Service', () => {
    expect(PLX_MEASUREMENT_STATUS).toEqual({
      measurementUnavailable: 0x2000,
      questionableMeasurementDetected: 0x4000,
      invalidMeasurementDetected: 0x8000,
    });
    expect(PLX_DEVICE_STATUS).toEqual({
      equipmentMalfunctionDetected: 0x0002,
      sensorUnconnectedToUser: 0x0800,
      sensorDisplaced: 0x2000,
      sensorMalfunctioning: 0x4000,
      sensorDisconnected: 0x8000,
    });
  });
});
