import { DEVICE_VITAL_SIGNS, type DeviceVitalKey } from '../../vitals/catalogue.ts';
import { celsiusToTenthsF, fahrenheitToTenthsF, kpaToMmHg, roundWhole } from '../../vitals/units.ts';
import type { DecodedCharacteristic } from './decode.ts';
import { PLX_DEVICE_STATUS, PLX_MEASUREMENT_STATUS, type Spo2PulseRate } from './pulse-oximeter.ts';

/**
 * The vital-sign fields of a device reading (POST /api/device-readings names and units), all whole
 * numbers: heartRate bpm, oxygenLevel %, systolicBP and diastolicBP mmHg, temperature tenths of °F,
 * batteryLevel %. A field the measurement does not carry, or carries as "no value", is absent.
 */
export type GattReadingFields = { [K in GattVitalKey | 'batteryLevel']?: number };

/** A vital sign a Bluetooth characteristic carries (a catalogue row with `gatt`). */
export type GattVitalKey = DeviceVitalKey;

/**
 * The vital signs a Bluetooth characteristic carries: the keys of the catalogue rows that name one
 * (`gatt`), in catalogue order. A device's reading measures some of these, and its battery.
 */
export const GATT_VITAL_KEYS: GattVitalKey[] = DEVICE_VITAL_SIGNS.map((v) => v.key);

const PLX_MEASUREMENT_NOT_VALID =
  PLX_MEASUREMENT_STATUS.measurementUnavailable |
  PLX_MEASUREMENT_STATUS.questionableMeasurementDetected |
  PLX_MEASUREMENT_STATUS.invalidMeasurementDetected;
const PLX_SENSOR_NOT_USABLE = Object.values(PLX_DEVICE_STATUS).reduce((all, bit) => all | bit, 0);

function oximetry(
  measurement: Spo2PulseRate & { measurementStatus: number | null; deviceAndSensorStatus: number | null },
): GattReadingFields {
  // The oximeter itself says these numbers are not the patient's: pass on nothing rather than a
  // value a nurse would read as real.
  if ((measurement.measurementStatus ?? 0) & PLX_MEASUREMENT_NOT_VALID) return {};
  if ((measurement.deviceAndSensorStatus ?? 0) & PLX_SENSOR_NOT_USABLE) return {};
  const fields: GattReadingFields = {};
  if (measurement.oxygenLevel !== null) fields.oxygenLevel = roundWhole(measurement.oxygenLevel);
  if (measurement.heartRate !== null) fields.heartRate = roundWhole(measurement.heartRate);
  return fields;
}

/**
 * The reading fields a decoded measurement carries, in Vigil's API names and units: heart rate from
 * a Heart Rate Measurement or the pulse rate of an oximeter or cuff; SpO2 rounded to a whole %;
 * blood pressure in whole mmHg (kPa × 7.50062); temperature in tenths of °F. Values go through
 * unchanged otherwise: the ingest checks plausibility.
 *
 * Nothing is taken from a heart rate sent with sensor contact "not detected", nor from an oximeter
 * measurement whose status marks it unavailable, questionable or invalid or whose sensor is off the
 * patient, disconnected or faulty (PLX_MEASUREMENT_STATUS, PLX_DEVICE_STATUS): those numbers are not
 * the patient's. Model number and sensor location carry no reading fields.
 */
export function measurementToReading(decoded: DecodedCharacteristic): GattReadingFields {
  switch (decoded.kind) {
    case 'heart-rate':
      return decoded.sensorContact === 'not-detected' ? {} : { heartRate: decoded.heartRate };
    case 'battery':
      return { batteryLevel: decoded.batteryPct };
    case 'temperature':
      if (decoded.temperatureInUnit === null) return {};
      return {
        temperature:
          decoded.unit === 'celsius'
            ? celsiusToTenthsF(decoded.temperatureInUnit)
            : fahrenheitToTenthsF(decoded.temperatureInUnit),
      };
    case 'plx-continuous':
    case 'plx-spot-check':
      return oximetry(decoded);
    case 'blood-pressure': {
      const toMmHg = (value: number) => roundWhole(decoded.unit === 'kPa' ? kpaToMmHg(value) : value);
      const fields: GattReadingFields = {};
      if (decoded.systolicInUnit !== null) fields.systolicBP = toMmHg(decoded.systolicInUnit);
      if (decoded.diastolicInUnit !== null) fields.diastolicBP = toMmHg(decoded.diastolicInUnit);
      if (decoded.heartRate !== null) fields.heartRate = roundWhole(decoded.heartRate);
      return fields;
    }
    case 'body-sensor-location':
    case 'model-number':
      return {};
  }
}
