import { describe, expect, it } from 'vitest';
import { news2ParameterLabel, news2ParameterValues } from './news2-values.ts';

describe('news2ParameterValues', () => {
  const recorded = {
    respiratoryRate: 26,
    oxygenLevel: 89,
    spo2Scale: 1 as const,
    onSupplementalOxygen: true,
    systolicBP: 94,
    pulse: 124,
    consciousness: 'C' as const,
    temperature: 1024,
  };

  it('shows each parameter as scored, temperature in °C', () => {
    expect(news2ParameterValues(recorded)).toEqual({
      respiratoryRate: '26 /min',
      spo2: '89 % (scale 1)',
      airOrOxygen: 'Oxygen',
      systolicBP: '94 mmHg',
      pulse: '124 /min',
      consciousness: 'New confusion (C)',
      temperature: '39.1 °C',
    });
  });

  it('leaves unrecorded parameters empty, never "normal"', () => {
    const values = news2ParameterValues({
      ...recorded,
      respiratoryRate: null,
      onSupplementalOxygen: null,
      consciousness: null,
    });
    expect([values.respiratoryRate, values.airOrOxygen, values.consciousness]).toEqual([null, null, null]);
  });

  it('capitalises the domain labels for the table', () => {
    expect(news2ParameterLabel('consciousness')).toBe('Level of consciousness (ACVPU)');
    expect(news2ParameterLabel('spo2')).toBe('SpO2');
  });
});
