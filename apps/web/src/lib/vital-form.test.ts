import { CONSCIOUSNESS, HEART_RATE, RESPIRATORY_RATE, SUPPLEMENTAL_OXYGEN, TEMPERATURE } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { vitalChoices, vitalFormName, vitalFromText, vitalTextSchema, vitalToText } from './vital-form.ts';

describe('vital form fields from the catalogue', () => {
  it('names each field by the patient record, temperature as typed in °C', () => {
    expect([HEART_RATE, TEMPERATURE, CONSCIOUSNESS].map(vitalFormName)).toEqual([
      'heartRate',
      'temperature',
      'consciousness',
    ]);
  });

  it('shows stored values as the inputs hold them and reads them back with the domain conversion', () => {
    expect(vitalToText(TEMPERATURE, 986)).toBe('37.0');
    expect(vitalFromText(TEMPERATURE, '37.0')).toBe(986);
    expect(vitalToText(SUPPLEMENTAL_OXYGEN, true)).toBe('oxygen');
    expect(vitalFromText(SUPPLEMENTAL_OXYGEN, 'air')).toBe(false);
    expect(vitalToText(RESPIRATORY_RATE, null)).toBe('');
    expect(vitalFromText(RESPIRATORY_RATE, ' ')).toBeNull();
  });

  it('offers the catalogue choices: ACVPU, and room air or supplemental oxygen', () => {
    expect(vitalChoices(CONSCIOUSNESS).map((c) => c.label)[1]).toBe('C – New confusion');
    expect(vitalChoices(SUPPLEMENTAL_OXYGEN).map((c) => c.label)).toEqual([
      'Room air',
      'Supplemental oxygen',
    ]);
  });

  it('checks text against the row’s plausible range, empty allowed only when optional', () => {
    const rr = vitalTextSchema(RESPIRATORY_RATE, false);
    expect(rr.safeParse('').success).toBe(true);
    expect(rr.safeParse('81').error?.issues[0]?.message).toBe(
      'Respiratory rate must be a whole number from 0 to 80 breaths/min',
    );
    expect(vitalTextSchema(SUPPLEMENTAL_OXYGEN, true).safeParse('').error?.issues[0]?.message).toBe(
      'Choose room air or supplemental oxygen',
    );
  });
});
