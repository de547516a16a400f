import { describe, expect, it } from 'vitest';
import { NEWS2_PARAMETERS } from '../clinical/news2.ts';
import { encodeBloodPressureMeasurement } from '../devices/gatt/blood-pressure.ts';
import { decodeCharacteristic } from '../devices/gatt/decode.ts';
import { encodeHeartRateMeasurement } from '../devices/gatt/heart-rate.ts';
import { encodePlxContinuousMeasurement } from '../devices/gatt/pulse-oximeter.ts';
import { measurementToReading } from '../devices/gatt/reading.ts';
import { encodeTemperatureMeasurement } from '../devices/gatt/temperature.ts';
import { formatVital, VITAL_SIGN_BY_KEY, VITAL_SIGNS } from './catalogue.ts';

describe('the vital-signs catalogue', () => {
  it('names each vital once on readings and once on patients', () => {
    expect(new Set(VITAL_SIGNS.map((v) => v.readingField)).size).toBe(VITAL_SIGNS.length);
    expect(new Set(VITAL_SIGNS.map((v) => v.patientField)).size).toBe(VITAL_SIGNS.length);
    expect(VITAL_SIGN_BY_KEY.heartRate.patientField).toBe('pulse');
  });

  it('feeds every NEWS2 parameter exactly once', () => {
    const fed = VITAL_SIGNS.flatMap((v) => (v.news2 ? [v.news2] : []));
    expect([...fed].sort()).toEqual([...NEWS2_PARAMETERS].sort());
  });

  // docs/reference/clinical.md, FHIR R4 vital signs.
  it.each([
    ['heartRate', '8867-4', '/min'],
    ['respiratoryRate', '9279-1', '/min'],
    ['oxygenLevel', '2708-6', '%'],
    ['temperature', '8310-5', 'Cel'],
    ['systolicBP', '8480-6', 'mm[Hg]'],
    ['diastolicBP', '8462-4', 'mm[Hg]'],
  ] as const)('codes %s as LOINC %s in %s', (key, loinc, ucum) => {
    const vital = VITAL_SIGN_BY_KEY[key];
    expect(vital.loinc).toBe(loinc);
    expect(vital.ucum).toBe(ucum);
  });

  it.each([
    ['heartRate', 72, '72 bpm'],
    ['oxygenLevel', 97, '97 %'],
    ['temperature', 986, '37.0 °C'],
    ['consciousness', 'C', 'C – New confusion'],
    ['onSupplementalOxygen', true, 'Supplemental oxygen'],
    ['onSupplementalOxygen', false, 'Room air'],
  ] as const)('formats %s %s as "%s"', (key, value, text) => {
    expect(formatVital(VITAL_SIGN_BY_KEY[key], value)).toBe(text);
  });

  // The characteristic a row names carries that vital: encoded, decoded and mapped back, it lands in
  // the row's reading field.
  it.each([
    ['heartRate', encodeHeartRateMeasurement({ heartRate: 72 }), 72],
    ['oxygenLevel', encodePlxContinuousMeasurement({ oxygenLevel: 98, heartRate: 72 }), 98],
    ['temperature', encodeTemperatureMeasurement({ temperatureInUnit: 37, unit: 'celsius' }), 986],
    [
      'systolicBP',
      encodeBloodPressureMeasurement({
        unit: 'mmHg',
        systolicInUnit: 121,
        diastolicInUnit: 81,
        meanArterialPressureInUnit: 94,
      }),
      121,
    ],
    [
      'diastolicBP',
      encodeBloodPressureMeasurement({
        unit: 'mmHg',
        systolicInUnit: 121,
        diastolicInUnit: 81,
        meanArterialPressureInUnit: 94,
      }),
      81,
    ],
  ] as const)('reads %s from the characteristic its row names', (key, bytes, expected) => {
    const vital = VITAL_SIGN_BY_KEY[key];
    const reading = measurementToReading(decodeCharacteristic(vital.gatt!.characteristics[0]!, bytes));
    expect(reading[vital.readingField as keyof typeof reading]).toBe(expected);
  });
});
