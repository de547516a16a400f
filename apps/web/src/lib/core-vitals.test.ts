import { describe, expect, it } from 'vitest';
import { coreVitalDisplay } from './core-vitals.ts';

describe('coreVitalDisplay', () => {
  const values = { heartRate: 72, oxygenLevel: 97, systolicBP: 120, diastolicBP: 80, temperature: 1024 };

  it('formats each of the four vitals with its catalogue unit, blood pressure as the pair', () => {
    expect(coreVitalDisplay('heartRate', values)).toEqual({ value: '72', unit: 'bpm' });
    expect(coreVitalDisplay('oxygenLevel', values)).toEqual({ value: '97', unit: '%' });
    expect(coreVitalDisplay('bloodPressure', values)).toEqual({ value: '120/80', unit: 'mmHg' });
    expect(coreVitalDisplay('temperature', values)).toEqual({ value: '39.1', unit: '°C' });
  });

  it('shows a value not measured as a dash', () => {
    expect(coreVitalDisplay('bloodPressure', { systolicBP: 120, diastolicBP: null })).toEqual({
      value: '120/—',
      unit: 'mmHg',
    });
  });
});
