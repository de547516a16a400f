import { encodeBatteryLevel } from './gatt/battery.ts';
import { encodeBloodPressureMeasurement } from './gatt/blood-pressure.ts';
import { encodeModelNumberString } from './gatt/device-information.ts';
import { encodeHeartRateMeasurement } from './gatt/heart-rate.ts';
import { encodePlxContinuousMeasurement } from './gatt/pulse-oximeter.ts';
import { encodeTemperatureMeasurement } from './gatt/temperature.ts';
import { GATT_CHARACTERISTICS } from './gatt/uuids.ts';

/**
 * The simulated health device of the product's "Simulation Mode": plausible resting vitals of a
 * healthy adult, sent as real devices send them, so a demo exercises the same decoders as a ward.
 */

/** Model Number String the simulated device reports, so a simulated reading is never mistaken for one. */
export const SIMULATED_DEVICE_MODEL = 'Vigil Simulated Monitor';

/** One set of simulated vitals, in Vigil's API names and units. */
export interface SimulatedVitals {
  /** Beats per minute, 68–80. */
  heartRate: number;
  /** SpO2 %, 97–99. */
  oxygenLevel: number;
  /** mmHg, 118–122. */
  systolicBP: number;
  /** mmHg, 78–82. */
  diastolicBP: number;
  /** Tenths of °F, 985–989 (98.5–98.9 °F). */
  temperature: number;
  /** %, 60–100. */
  batteryLevel: number;
  /** Steps today, 7500–9999. */
  steps: number;
  /** Hours slept last night, 7.0–8.0 to one decimal. */
  sleepHours: number;
}

/**
 * Draws one set of simulated vitals. Every value is a whole number in its range (sleep to one
 * decimal).
 * @param random uniform in [0, 1), like Math.random; injected so tests and demos can be seeded
 */
export function simulatedVitals(random: () => number): SimulatedVitals {
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  return {
    heartRate: between(68, 80),
    oxygenLevel: between(97, 99),
    systolicBP: between(118, 122),
    diastolicBP: between(78, 82),
    temperature: between(985, 989),
    batteryLevel: between(60, 100),
    steps: between(7500, 9999),
    sleepHours: between(70, 80) / 10,
  };
}

/** Encoded characteristic values, keyed by 16-bit characteristic UUID. */
export type SimulatedFrames = Record<number, Uint8Array>;

/**
 * The characteristic values a device showing these vitals would send: Heart Rate Measurement (sensor
 * contact detected), Battery Level, Temperature Measurement (°F, as the vitals are tenths of °F, so
 * no value changes in conversion), PLX Continuous (SpO2 and pulse), Blood Pressure Measurement (mmHg,
 * mean arterial pressure (systolic + 2 × diastolic) / 3, pulse) and the Model Number String. Steps and
 * sleep have no standard GATT characteristic, so no frame carries them.
 */
export function simulatedFrames(vitals: SimulatedVitals): SimulatedFrames {
  const { heartRate, oxygenLevel, systolicBP, diastolicBP, temperature, batteryLevel } = vitals;
  return {
    [GATT_CHARACTERISTICS.heartRateMeasurement]: encodeHeartRateMeasurement({
      heartRate,
      sensorContact: 'detected',
    }),
    [GATT_CHARACTERISTICS.batteryLevel]: encodeBatteryLevel({ batteryPct: batteryLevel }),
    [GATT_CHARACTERISTICS.temperatureMeasurement]: encodeTemperatureMeasurement({
      temperatureInUnit: temperature / 10,
      unit: 'fahrenheit',
    }),
    [GATT_CHARACTERISTICS.plxContinuous]: encodePlxContinuousMeasurement({
      oxygenLevel,
      heartRate,
    }),
    [GATT_CHARACTERISTICS.bloodPressureMeasurement]: encodeBloodPressureMeasurement({
      unit: 'mmHg',
      systolicInUnit: systolicBP,
      diastolicInUnit: diastolicBP,
      meanArterialPressureInUnit: Math.round((systolicBP + 2 * diastolicBP) / 3),
      heartRate,
    }),
    [GATT_CHARACTERISTICS.modelNumberString]: encodeModelNumberString({
      modelNumber: SIMULATED_DEVICE_MODEL,
    }),
  };
}
