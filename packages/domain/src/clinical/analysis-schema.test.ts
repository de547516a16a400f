import { describe, expect, it } from 'vitest';
import { NUMERIC_VITAL_SIGNS } from '../vitals/catalogue.ts';
import { VitalsAnalysisInput } from './analysis-schema.ts';

const valid = { heartRate: 72, oxygenLevel: 98, systolicBP: 120, diastolicBP: 80, temperature: 986 };

describe('VitalsAnalysisInput accepts', () => {
  it.each([
    { name: 'the four core vitals', input: valid },
    {
      name: 'every optional field',
      input: {
        ...valid,
        patientId: 7,
        respiratoryRate: 18,
        consciousness: 'C',
        onSupplementalOxygen: true,
        spo2Scale: 2,
      },
    },
    {
      name: 'optional NEWS2 fields as null',
      input: { ...valid, respiratoryRate: null, consciousness: null, onSupplementalOxygen: null },
    },
  ])('$name', ({ input }) => {
    expect(VitalsAnalysisInput.parse(input)).toEqual(input);
  });

  it.each(
    NUMERIC_VITAL_SIGNS.flatMap(({ readingField: field, plausible: { min, max } }) => [
      { field, value: min },
      { field, value: max },
    ]),
  )('$field at its plausible limit $value', ({ field, value }) => {
    // Keep diastolic below systolic while probing the BP limits.
    const input = { ...valid, [field]: value };
    if (field === 'diastolicBP') input.systolicBP = 300;
    if (field === 'systolicBP') input.diastolicBP = 20;
    expect(VitalsAnalysisInput.safeParse(input).success).toBe(true);
  });
});

describe('VitalsAnalysisInput rejects impossible values with actionable messages', () => {
  it.each([
    { change: { heartRate: 19 }, path: 'heartRate', message: 'Heart rate must be within 20–300 beats/min' },
    { change: { heartRate: 301 }, path: 'heartRate', message: 'Heart rate must be within 20–300 beats/min' },
    { change: { heartRate: 72.5 }, path: 'heartRate', message: 'Heart rate must be a whole number' },
    { change: { heartRate: '72' }, path: 'heartRate', message: 'Heart rate must be a number' },
    { change: { heartRate: undefined }, path: 'heartRate', message: 'Heart rate is required' },
    {
      change: { oxygenLevel: 49 },
      path: 'oxygenLevel',
      message: 'Oxygen level (SpO2) must be within 50–100 %',
    },
    { change: { oxygenLevel: 101 }, path: 'oxygenLevel', message: 're-measure or correct the entry' },
    { change: { systolicBP: 39, diastolicBP: 30 }, path: 'systolicBP', message: 'within 40–300 mmHg' },
    { change: { systolicBP: 301 }, path: 'systolicBP', message: 'within 40–300 mmHg' },
    { change: { diastolicBP: 19 }, path: 'diastolicBP', message: 'within 20–200 mmHg' },
    { change: { systolicBP: 250, diastolicBP: 201 }, path: 'diastolicBP', message: 'within 20–200 mmHg' },
    { change: { diastolicBP: 120 }, path: 'diastolicBP', message: 'must be lower than systolic' },
    {
      change: { diastolicBP: 120, systolicBP: 120 },
      path: 'diastolicBP',
      message: 'must be lower than systolic',
    },
    { change: { temperature: 859 }, path: 'temperature', message: 'within 860–1130 tenths of °F' },
    { change: { temperature: 1131 }, path: 'temperature', message: '86.0–113.0 °F (986 = 98.6 °F)' },
    { change: { temperature: 37 }, path: 'temperature', message: 'tenths of °F' },
    { change: { respiratoryRate: -1 }, path: 'respiratoryRate', message: 'within 0–80 breaths/min' },
    { change: { respiratoryRate: 81 }, path: 'respiratoryRate', message: 'within 0–80 breaths/min' },
    { change: { consciousness: 'X' }, path: 'consciousness', message: 'one of A, C, V, P, U' },
    { change: { onSupplementalOxygen: 'yes' }, path: 'onSupplementalOxygen', message: 'true or false' },
    { change: { spo2Scale: 3 }, path: 'spo2Scale', message: 'spo2Scale must be 1 or 2' },
    { change: { patientId: 0 }, path: 'patientId', message: 'positive' },
    { change: { patientId: 1.5 }, path: 'patientId', message: 'whole number' },
  ])('$change → $path: "$message"', ({ change, path, message }) => {
    const result = VitalsAnalysisInput.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path.join('.') === path);
    expect(issue?.message).toContain(message);
  });

  it('reports the swapped blood pressure together with other problems', () => {
    const result = VitalsAnalysisInput.safeParse({ ...valid, heartRate: 5, systolicBP: 80, diastolicBP: 90 });
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['diastolicBP', 'heartRate']);
  });
});
