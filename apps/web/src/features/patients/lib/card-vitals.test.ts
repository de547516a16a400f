import { describe, expect, it } from 'vitest';
import { makePatient } from '@/test/patient-factory.ts';
import { cardVitals } from './card-vitals.ts';

const tiles = (spec: Parameters<typeof makePatient>[0]) =>
  Object.fromEntries(cardVitals(makePatient(spec)).map((t) => [t.key, t]));

describe('low blood pressure on the dashboard card (issue 40 item 3)', () => {
  it.each([
    [85, 50],
    [88, 52],
  ])('flags %i/%i low, red: NEWS2 scores systolic ≤ 90 at 3', (systolicBP, diastolicBP) => {
    const bp = tiles({ systolicBP, diastolicBP }).bloodPressure!;
    expect([bp.flag, bp.points, bp.tone]).toEqual(['low', 3, 'alarm']);
  });

  it('flags a systolic NEWS2 scores 1 or 2 in orange, with its side', () => {
    const bp = tiles({ systolicBP: 98, diastolicBP: 60 }).bloodPressure!;
    expect([bp.flag, bp.points, bp.tone]).toEqual(['low', 2, 'warning']);
  });

  it("keeps the spec's dashboard thresholds where they fire, NEWS2 or not", () => {
    // 136/88: high for the dashboard (> 130/85), 0 in NEWS2; 37.3 °C elevated (≥ 37.0), 0 in NEWS2.
    const t = tiles({ systolicBP: 136, diastolicBP: 88, temperature: 991 });
    expect([t.bloodPressure!.flag, t.bloodPressure!.points, t.bloodPressure!.tone]).toEqual([
      'high',
      null,
      'alarm',
    ]);
    expect([t.temperature!.flag, t.temperature!.tone]).toEqual(['elevated', 'alarm']);
    // SpO2 92: low for the dashboard (≤ 92) and 2 in NEWS2 (92–93): the spec's word, red.
    expect([
      tiles({ oxygenLevel: 92 }).oxygenLevel!.flag,
      tiles({ oxygenLevel: 92 }).oxygenLevel!.tone,
    ]).toEqual(['low', 'alarm']);
  });

  it('flags nothing on a calm patient', () => {
    // 36.5 °C: the factory's 37.0 °C is "elevated" on the dashboard (≥ 37.0).
    expect(cardVitals(makePatient({ temperature: 977 })).filter((t) => t.flag)).toEqual([]);
  });
});

describe('respiratory rate and ACVPU on the dashboard card (issue 40 item 4)', () => {
  it('shows them after the four, flagged by their NEWS2 points', () => {
    const patient = makePatient({ respiratoryRate: 26, consciousness: 'V' });
    expect(cardVitals(patient).map((t) => `${t.label} ${t.value} ${t.unit}`.trim())).toEqual([
      'O2 98 %',
      'Pulse 72 bpm',
      'BP 120/80 mmHg',
      'Temp 37.0 °C',
      'RR 26 /min',
      'ACVPU V Responds to voice',
    ]);
    const t = tiles({ respiratoryRate: 26, consciousness: 'V' });
    expect([t.respiratoryRate!.flag, t.respiratoryRate!.points]).toEqual(['high', 3]);
    expect([t.consciousness!.flag, t.consciousness!.points]).toEqual(['not alert', 3]);
  });
});
