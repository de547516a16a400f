import { celsiusToTenthsF, type Patient } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { makePatient } from '@/test/patient-factory.ts';
import { formValuesToPatch, PatientFormSchema, patientToFormValues } from './edit-patient-form.ts';

const patient: Patient = makePatient({
  id: 1,
  name: 'Margaret Okafor',
  oxygenLevel: 89,
  pulse: 124,
  systolicBP: 94,
  diastolicBP: 58,
  temperature: 985,
  condition: 'Critical',
  lastUpdated: '2026-03-02T12:00:00.000Z',
  respiratoryRate: 26,
  consciousness: 'A',
  onSupplementalOxygen: true,
  spo2Scale: 1,
});

describe('celsiusToTenthsF', () => {
  it.each([
    [37, 986],
    [37.5, 995],
    [36.9, 984],
    [39.1, 1024],
    [35, 950],
    [38.3, 1009],
    [30, 860],
    [45, 1130],
  ])('%s °C → %s tenths °F', (celsius, tenthsF) => {
    expect(celsiusToTenthsF(celsius)).toBe(tenthsF);
  });
});

describe('the edit-patient form', () => {
  const initial = patientToFormValues(patient);

  it('shows the stored temperature in °C with one decimal and the NEWS2 fields', () => {
    expect(initial).toMatchObject({
      temperature: '36.9',
      respiratoryRate: '26',
      consciousness: 'A',
      onSupplementalOxygen: 'oxygen',
      spo2Scale2: false,
    });
  });

  it('sends nothing unchanged, so an untouched temperature is never re-rounded', () => {
    expect(formValuesToPatch(initial, { ...initial })).toEqual({});
    expect(formValuesToPatch(initial, { ...initial, temperature: '36.90' })).toEqual({});
  });

  it('sends only the changed fields, temperature converted to tenths of °F', () => {
    expect(
      formValuesToPatch(initial, {
        ...initial,
        condition: 'Stable',
        temperature: '37.5',
        respiratoryRate: '',
        consciousness: 'C',
        onSupplementalOxygen: 'air',
        spo2Scale2: true,
      }),
    ).toEqual({
      condition: 'Stable',
      temperature: 995,
      respiratoryRate: null,
      consciousness: 'C',
      onSupplementalOxygen: false,
      spo2Scale: 2,
    });
  });

  it('rejects values a nurse must correct, with messages that say how', () => {
    const result = PatientFormSchema.safeParse({
      ...initial,
      heartRate: '',
      oxygenLevel: '101',
      temperature: '50',
      systolicBP: '80',
      diastolicBP: '90',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      heartRate: 'Pulse is required',
      oxygenLevel: 'SpO2 must be a whole number from 50 to 100 %',
      temperature: 'Temperature must be in °C with at most one decimal, from 30.0 to 45.0',
      diastolicBP: 'Diastolic must be lower than systolic; check that the two values are not swapped',
    });
  });

  it('accepts an empty respiratory rate (not recorded)', () => {
    expect(PatientFormSchema.safeParse({ ...initial, respiratoryRate: '' }).success).toBe(true);
  });
});
