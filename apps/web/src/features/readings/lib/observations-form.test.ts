import { describe, expect, it } from 'vitest';
import {
  EMPTY_OBSERVATIONS,
  fieldOfServerMessage,
  type ObservationsFormOutput,
  ObservationsFormSchema,
  type ObservationsFormValues,
  observationsToReading,
} from './observations-form.ts';

const worse = {
  respiratoryRate: '26',
  oxygenLevel: '90',
  onSupplementalOxygen: 'air' as const,
  systolicBP: '95',
  diastolicBP: '60',
  heartRate: '125',
  consciousness: 'C' as const,
  temperature: '38.6',
} satisfies ObservationsFormOutput;

const errorsOf = (values: ObservationsFormValues) => {
  const result = ObservationsFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.toReversed().map((i) => [String(i.path[0]), i.message])); // first wins, as in the form
};

describe('the record-observations form', () => {
  it('requires every NEWS2 parameter', () => {
    expect(errorsOf(EMPTY_OBSERVATIONS)).toEqual({
      respiratoryRate: 'Respiratory rate is required',
      oxygenLevel: 'SpO2 is required',
      onSupplementalOxygen: 'Choose room air or supplemental oxygen',
      systolicBP: 'Systolic is required',
      diastolicBP: 'Diastolic is required',
      heartRate: 'Pulse is required',
      consciousness: 'Choose the level of consciousness (ACVPU)',
      temperature: 'Temperature is required',
    });
  });

  it('rejects implausible values and swapped pressures with the edit form’s messages', () => {
    expect(errorsOf({ ...worse, respiratoryRate: '95', temperature: '52', heartRate: '12.5' })).toEqual({
      respiratoryRate: 'Respiratory rate must be a whole number from 0 to 80 breaths/min',
      temperature: 'Temperature must be in °C with at most one decimal, from 30.0 to 45.0',
      heartRate: 'Pulse must be a whole number from 20 to 300 beats/min',
    });
    expect(errorsOf({ ...worse, systolicBP: '60', diastolicBP: '95' })).toEqual({
      diastolicBP: 'Diastolic must be lower than systolic; check that the two values are not swapped',
    });
    expect(errorsOf(worse)).toEqual({});
  });

  it('builds a manual reading, temperature in tenths of °F', () => {
    const at = new Date('2026-03-02T03:10:00.000Z');
    expect(observationsToReading(7, worse, at)).toEqual({
      patientId: 7,
      deviceName: 'Ward observations',
      connectionType: 'manual',
      readingTime: '2026-03-02T03:10:00.000Z',
      respiratoryRate: 26,
      oxygenLevel: 90,
      onSupplementalOxygen: false,
      systolicBP: 95,
      diastolicBP: 60,
      heartRate: 125,
      consciousness: 'C',
      temperature: 1015,
    });
    expect(
      observationsToReading(7, { ...worse, onSupplementalOxygen: 'oxygen' }, at).onSupplementalOxygen,
    ).toBe(true);
  });

  it('puts a server message naming a field under that field', () => {
    expect(
      fieldOfServerMessage(
        'respiratoryRate: Respiratory rate must be within 0–80 breaths/min; re-measure or correct the entry',
      ),
    ).toEqual({
      field: 'respiratoryRate',
      message: 'Respiratory rate must be within 0–80 breaths/min; re-measure or correct the entry',
    });
    expect(fieldOfServerMessage('heartRate: Heart rate must be within 20–300 beats/min')).toEqual({
      field: 'heartRate',
      message: 'Heart rate must be within 20–300 beats/min',
    });
    // Temperature errors speak °F, readingTime is not a field, and plain messages have no field.
    expect(fieldOfServerMessage('temperature: Temperature must be within 860–1130 tenths of °F')).toBeNull();
    expect(
      fieldOfServerMessage('readingTime 2026-03-02T03:30:00Z is in the future; check the device clock'),
    ).toBeNull();
    expect(fieldOfServerMessage('patientId: there is no patient 99')).toBeNull();
  });
});
