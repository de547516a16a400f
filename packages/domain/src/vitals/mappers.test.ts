import { describe, expect, it } from 'vitest';
import { news2InputFromVitals } from '../clinical/news2.ts';
import { measuredVitals, patientChangesOf, vitalsOfPatient } from './mappers.ts';

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

  it('sets on the patient only what a reading measured, under the patient names', () => {
    expect(patientChangesOf({ heartRate: 110, oxygenLevel: null, temperature: 1003 })).toEqual({
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
      spo2Pct: 97,
      onSupplementalOxygen: false,
      systolicBP: 120,
      pulse: 72,
      consciousness: 'A',
      temperatureTenthsF: 986,
      spo2Scale: 2,
    });
  });
});
