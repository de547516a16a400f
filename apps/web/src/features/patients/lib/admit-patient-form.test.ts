import {
  celsiusRange,
  celsiusToTenthsF,
  formatCelsius,
  TEMPERATURE,
  tenthsFToRoundedCelsius,
} from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import {
  ADMIT_PATIENT_DEFAULTS,
  AdmitPatientFormSchema,
  type AdmitPatientFormValues,
} from './admit-patient-form.ts';

const TEMPERATURE_C_RANGE = celsiusRange(TEMPERATURE);

describe('celsiusToTenthsF', () => {
  it.each([
    [37, 986],
    [36.5, 977],
    [38.2, 1008],
    [39.1, 1024],
    [35, 950],
    [30, 860],
    [45, 1130],
    [0, 320],
    [-40, -400],
  ])('%f °C → %i tenths °F', (celsius, tenthsF) => {
    expect(celsiusToTenthsF(celsius)).toBe(tenthsF);
  });

  it('round-trips every one-decimal value of the plausible range to the same displayed °C', () => {
    for (let tenths = 300; tenths <= 450; tenths++) {
      const celsius = tenths / 10;
      expect(formatCelsius(tenthsFToRoundedCelsius(celsiusToTenthsF(celsius)))).toBe(celsius.toFixed(1));
    }
  });

  it('has the domain plausible range as 30.0–45.0 °C', () => {
    expect(TEMPERATURE_C_RANGE).toEqual({ min: 30, max: 45 });
  });
});

const VALID: AdmitPatientFormValues = {
  ...ADMIT_PATIENT_DEFAULTS,
  name: '  Ada Lovelace ',
  condition: 'Stable',
  oxygenLevel: '97',
  heartRate: '72',
  systolicBP: '124',
  diastolicBP: '78',
  temperature: '37,2',
};

function errors(values: AdmitPatientFormValues): Record<string, string> {
  const result = AdmitPatientFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0] ?? ''), i.message]));
}

describe('AdmitPatientFormSchema', () => {
  it('turns the form into the API body (temperature in tenths °F)', () => {
    expect(AdmitPatientFormSchema.parse(VALID)).toEqual({
      name: 'Ada Lovelace',
      condition: 'Stable',
      oxygenLevel: 97,
      pulse: 72,
      systolicBP: 124,
      diastolicBP: 78,
      temperature: 990,
      respiratoryRate: null,
      consciousness: null,
      onSupplementalOxygen: false,
      spo2Scale: 1,
    });
  });

  it('sends the NEWS2 fields and scale 2 when given', () => {
    const body = AdmitPatientFormSchema.parse({
      ...VALID,
      respiratoryRate: '22',
      consciousness: 'C',
      onSupplementalOxygen: true,
      hasHypercapnicTarget: true,
    });
    expect(body).toMatchObject({
      respiratoryRate: 22,
      consciousness: 'C',
      onSupplementalOxygen: true,
      spo2Scale: 2,
    });
  });

  it('reports every missing required field at once, with what to enter', () => {
    const found = errors(ADMIT_PATIENT_DEFAULTS);
    expect(Object.keys(found).sort()).toEqual(
      ['condition', 'diastolicBP', 'name', 'oxygenLevel', 'heartRate', 'systolicBP', 'temperature'].sort(),
    );
    expect(found.name).toBe('Name must not be empty');
    expect(found.temperature).toBe('Temperature is required: 30.0–45.0 °C');
    expect(found.oxygenLevel).toMatch(/^Oxygen level \(SpO2\) is required: 50–100 %/);
  });

  it('rejects temperatures outside 30.0–45.0 °C in °C, not in tenths °F', () => {
    expect(errors({ ...VALID, temperature: '98.6' }).temperature).toBe(
      'Temperature must be within 30.0–45.0 °C; re-measure or correct the entry',
    );
    expect(errors({ ...VALID, temperature: 'warm' }).temperature).toBe(
      'Temperature must be a number: 30.0–45.0 °C',
    );
  });

  it('rejects a non-whole or implausible vital with the domain message', () => {
    expect(errors({ ...VALID, heartRate: '72.5' }).heartRate).toMatch(/^Heart rate must be a whole number/);
    expect(errors({ ...VALID, oxygenLevel: '140' }).oxygenLevel).toMatch(
      /^Oxygen level \(SpO2\) must be within/,
    );
  });

  it('rejects swapped blood pressures on the diastolic field, even with other fields wrong', () => {
    const found = errors({ ...VALID, name: '', systolicBP: '70', diastolicBP: '120' });
    expect(found.diastolicBP).toMatch(/^Diastolic blood pressure must be lower than systolic/);
    expect(found.name).toBe('Name must not be empty');
  });
});
