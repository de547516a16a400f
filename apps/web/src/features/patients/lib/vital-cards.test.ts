import { describe, expect, it } from 'vitest';
import { vitalCardModels } from './vital-cards.ts';

const normal = { pulse: 72, oxygenLevel: 97, systolicBP: 120, diastolicBP: 80, temperature: 986 };

function flags(vitals: Partial<typeof normal>) {
  return Object.fromEntries(vitalCardModels({ ...normal, ...vitals }).map((c) => [c.key, c.flag]));
}

describe('vitalCardModels (patient-page thresholds, spec point 5)', () => {
  it('formats values and units', () => {
    expect(
      vitalCardModels({ ...normal, temperature: 1024 }).map((c) => `${c.label}: ${c.value} ${c.unit}`),
    ).toEqual(['Pulse: 72 bpm', 'Oxygen Level: 97 %', 'Blood Pressure: 120/80 mmHg', 'Temperature: 39.1 °C']);
  });

  it('flags nothing inside the limits, including the boundaries', () => {
    expect(
      flags({ pulse: 100, oxygenLevel: 95, systolicBP: 140, diastolicBP: 90, temperature: 995 }),
    ).toEqual({
      pulse: null,
      oxygen: null,
      bloodPressure: null,
      temperature: null,
    });
    expect(flags({ pulse: 60, temperature: 968 }).temperature).toBeNull(); // 36.0 °C
  });

  it('names the side and the limit crossed', () => {
    expect(flags({ pulse: 101 }).pulse).toEqual({ direction: 'High', limit: '> 100 bpm' });
    expect(flags({ pulse: 59 }).pulse).toEqual({ direction: 'Low', limit: '< 60 bpm' });
    expect(flags({ oxygenLevel: 94 }).oxygen).toEqual({ direction: 'Low', limit: '< 95 %' });
    expect(flags({ systolicBP: 141 }).bloodPressure).toEqual({ direction: 'High', limit: 'systolic > 140' });
    expect(flags({ systolicBP: 150, diastolicBP: 95 }).bloodPressure).toEqual({
      direction: 'High',
      limit: 'systolic > 140, diastolic > 90',
    });
    expect(flags({ temperature: 996 }).temperature).toEqual({ direction: 'High', limit: '> 37.5 °C' }); // 37.6
    expect(flags({ temperature: 967 }).temperature).toEqual({ direction: 'Low', limit: '< 36.0 °C' }); // 35.9
  });
});
