import { describe, expect, it } from 'vitest';
import { computeNews2, news2InputFromVitals } from '../clinical/news2.ts';
import { applyReadings } from '../clinical/patient-news2.ts';
import { patientSourcesOf, sourcesOfPatient } from '../clinical/vital-sources.ts';
import { READING_MEASUREMENTS, SKIN_TEMPERATURE, VITAL_READING_FIELDS, VITAL_SIGNS } from './catalogue.ts';
import { measuredVitals, vitalsOfPatient, withPatientFields } from './mappers.ts';

/** What a reading sets on a patient who has no value yet, by the patient record's wire names. */
const setBy = (reading: Parameters<typeof applyReadings>[1][number]) => {
  const { values, changed } = applyReadings({ ...vitalsOfPatient({}), isDemo: false, sources: {} }, [
    reading,
  ]);
  return withPatientFields(Object.fromEntries(changed.map((key) => [key, values[key]])));
};
const observed = { readingTime: '2026-11-26T10:00:00Z', provenance: 'observation' as const };

const patient = {
  pulse: 72,
  oxygenLevel: 97,
  systolicBP: 120,
  diastolicBP: 80,
  temperature: 986,
  respiratoryRate: 16,
  consciousness: 'A' as const,
  onSupplementalOxygen: false,
};

describe('mappers derived from the catalogue', () => {
  it('gives a patient record the reading names: pulse becomes heartRate', () => {
    expect(vitalsOfPatient(patient)).toEqual({
      heartRate: 72,
      oxygenLevel: 97,
      systolicBP: 120,
      diastolicBP: 80,
      temperature: 986,
      respiratoryRate: 16,
      consciousness: 'A',
      onSupplementalOxygen: false,
    });
    expect(vitalsOfPatient({ pulse: 60 })).toMatchObject({ heartRate: 60, respiratoryRate: null });
  });

  it('gives vitals held by key the patient record names: heartRate becomes pulse', () => {
    expect(withPatientFields(vitalsOfPatient(patient))).toEqual(patient);
    expect(withPatientFields({ heartRate: 60 })).toEqual({ pulse: 60 });
  });

  it('carries the sources of the values under the same names: heartRate inside, pulse on the wire', () => {
    const source = { provenance: 'device' as const, at: '2026-11-26T10:00:00.000Z', source: 'Polar H10' };
    const wire = patientSourcesOf({ heartRate: source, temperature: source });
    expect(wire).toEqual({ pulse: source, temperature: source });
    expect(sourcesOfPatient(wire)).toEqual({ heartRate: source, temperature: source });
  });

  it('sets on the patient only what a reading measured, under the patient names', () => {
    expect(setBy({ ...observed, heartRate: 110, oxygenLevel: null, temperature: 1003 })).toEqual({
      pulse: 110,
      temperature: 1003,
    });
    expect(measuredVitals({ heartRate: 110, oxygenLevel: null, consciousness: 'V' })).toEqual([
      'heartRate',
      'consciousness',
    ]);
  });

  it('maps vitals to the NEWS2 engine input, parameter by parameter', () => {
    expect(news2InputFromVitals(vitalsOfPatient(patient), 2)).toEqual({
      respiratoryRate: 16,
      oxygenLevel: 97,
      onSupplementalOxygen: false,
      systolicBP: 120,
      heartRate: 72,
      consciousness: 'A',
      temperature: 986,
      spo2Scale: 2,
    });
  });

  it('never lets skin temperature reach NEWS2 or the patient record (decision 011)', () => {
    expect(SKIN_TEMPERATURE).toMatchObject({
      news2: null,
      patientField: null,
      loinc: '39106-0',
      ucum: 'Cel',
    });
    expect(VITAL_SIGNS.map((v) => v.key)).not.toContain('skinTemperature');
    expect(READING_MEASUREMENTS).toContain(SKIN_TEMPERATURE);
    expect(VITAL_READING_FIELDS).toContain('skinTemperature');
    // 33.7 °C at the wrist (927 tenths of °F) read as core temperature would score 3 (≤ 35.0 °C).
    const withSkin = { ...vitalsOfPatient(patient), temperature: null, skinTemperature: 927 };
    const input = news2InputFromVitals(withSkin, 1);
    expect(input.temperature).toBeNull();
    expect(Object.values(input)).not.toContain(927);
    expect(computeNews2(input).missing).toContain('temperature');
    expect(setBy({ ...observed, skinTemperature: 927 })).toEqual({});
    expect(setBy({ ...observed, skinTemperature: 927, temperature: 986 })).toEqual({ temperature: 986 });
    expect(measuredVitals({ skinTemperature: 927 })).toEqual([]);
  });
});
