import { type BatteryLevel, decodeBatteryLevel } from './battery.ts';
import { type BloodPressureMeasurement, decodeBloodPressureMeasurement } from './blood-pressure.ts';
import { decodeModelNumberString, type ModelNumber } from './device-information.ts';
import { GattDecodeError } from './errors.ts';
import {
  type BodySensorLocation,
  decodeBodySensorLocation,
  decodeHeartRateMeasurement,
  type HeartRateMeasurement,
} from './heart-rate.ts';
import {
  decodePlxContinuousMeasurement,
  decodePlxSpotCheckMeasurement,
  type PlxContinuousMeasurement,
  type PlxSpotCheckMeasurement,
} from './pulse-oximeter.ts';
import { decodeTemperatureMeasurement, type TemperatureMeasurement } from './temperature.ts';
import { formatShortUuid, GATT_CHARACTERISTICS, parseGattUuid } from './uuids.ts';

/** A characteristic value decoded, tagged with what it is. */
export type DecodedCharacteristic =
  | ({ kind: 'heart-rate' } & HeartRateMeasurement)
  | ({ kind: 'body-sensor-location' } & { location: BodySensorLocation })
  | ({ kind: 'battery' } & BatteryLevel)
  | ({ kind: 'temperature' } & TemperatureMeasurement)
  | ({ kind: 'plx-continuous' } & PlxContinuousMeasurement)
  | ({ kind: 'plx-spot-check' } & PlxSpotCheckMeasurement)
  | ({ kind: 'blood-pressure' } & BloodPressureMeasurement)
  | ({ kind: 'model-number' } & ModelNumber);

export type DecodedCharacteristicKind = DecodedCharacteristic['kind'];

/**
 * Decodes a characteristic value by its UUID (16-bit number or either string form, see
 * parseGattUuid).
 * @throws GattDecodeError when the bytes do not match the format, or the characteristic is not one
 *   Vigil decodes
 */
export function decodeCharacteristic(uuid: number | string, bytes: Uint8Array): DecodedCharacteristic {
  const short = parseGattUuid(uuid);
  switch (short) {
    case GATT_CHARACTERISTICS.heartRateMeasurement:
      return { kind: 'heart-rate', ...decodeHeartRateMeasurement(bytes) };
    case GATT_CHARACTERISTICS.bodySensorLocation:
      return { kind: 'body-sensor-location', ...decodeBodySensorLocation(bytes) };
    case GATT_CHARACTERISTICS.batteryLevel:
      return { kind: 'battery', ...decodeBatteryLevel(bytes) };
    case GATT_CHARACTERISTICS.temperatureMeasurement:
      return { kind: 'temperature', ...decodeTemperatureMeasurement(bytes) };
    case GATT_CHARACTERISTICS.plxContinuous:
      return { kind: 'plx-continuous', ...decodePlxContinuousMeasurement(bytes) };
    case GATT_CHARACTERISTICS.plxSpotCheck:
      return { kind: 'plx-spot-check', ...decodePlxSpotCheckMeasurement(bytes) };
    case GATT_CHARACTERISTICS.bloodPressureMeasurement:
      return { kind: 'blood-pressure', ...decodeBloodPressureMeasurement(bytes) };
    case GATT_CHARACTERISTICS.modelNumberString:
      return { kind: 'model-number', ...decodeModelNumberString(bytes) };
    default:
      throw new GattDecodeError(
        `Characteristic ${short === null ? String(uuid) : formatShortUuid(short)}`,
        'not a characteristic Vigil decodes',
      );
  }
}
