import type { Patient } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { makePatient } from '@/test/patient-factory.ts';
import { vitalCardModels } from './vital-cards.ts';

const normal = { pulse: 72, oxygenLevel: 97, systolicBP: 120, diastolicBP: 80, temperature: 986 };

const cards = (vitals: Partial<Patient>) => vitalCardModels(makePatient({ ...normal, ...vitals }));
const flags = (vitals: Partial<Patient>) => Object.fromEntries(cards(vitals).map((c) => [c.key, c.flag]));
const statuses = (vitals: Partial<Patient>) =>
  Object.fromEntries(cards(vitals).map((c) => [c.key, c.status]));

describe('vitalCardModels (patient-page thresholds, spec point 5)', () => {
  it('formats values and units', () => {
    expect(cards({ temperature: 1024 }).map((c) => `${c.label}: ${c.value} ${c.unit}`)).toEqual([
      'Pulse: 72 bpm',
      'Oxygen Level: 97 %',
      'Blood Pressure: 120/80 mmHg',
      'Temperature: 39.1 °C',
      'Respiratory Rate: 16 /min',
      'Consciousness: A Alert',
    ]);
  });

  it('flags nothing inside the limits, including the boundaries', () => {
    expect(
      flags({ pulse: 100, oxygenLevel: 95, systolicBP: 140, diastolicBP: 90, temperature: 995 }),
    ).toEqual({
      heartRate: null,
      oxygenLevel: null,
      bloodPressure: null,
      temperature: null,
      respiratoryRate: null,
      consciousness: null,
    });
    expect(flags({ pulse: 60, temperature: 968 }).temperature).toBeNull(); // 36.0 °C
  });

  it('names the side and the limit crossed', () => {
    expect(flags({ pulse: 101 }).heartRate).toEqual({ direction: 'High', limit: '> 100 bpm' });
    expect(flags({ pulse: 59 }).heartRate).toEqual({ direction: 'Low', limit: '< 60 bpm' });
    expect(flags({ oxygenLevel: 94 }).oxygenLevel).toEqual({ direction: 'Low', limit: '< 95 %' });
    expect(flags({ systolicBP: 141 }).bloodPressure).toEqual({ direction: 'High', limit: 'systolic > 140' });
    expect(flags({ systolicBP: 150, diastolicBP: 95 }).bloodPressure).toEqual({
      direction: 'High',
      limit: 'systolic > 140, diastolic > 90',
    });
    expect(flags({ temperature: 996 }).temperature).toEqual({ direction: 'High', limit: '> 37.5 °C' }); // 37.6
    expect(flags({ temperature: 967 }).temperature).toEqual({ direction: 'Low', limit: '< 36.0 °C' }); // 35.9
  });
});

describe('what a vital card says under its value', () => {
  it('never says "Within range" for BP 88/52: it names the NEWS2 score', () => {
    const bp = cards({ systolicBP: 88, diastolicBP: 52 }).find((c) => c.key === 'bloodPressure')!;
    expect(bp.flag).toBeNull(); // the spec's patient-page limits only flag high pressure
    expect(bp.status).toBe('Low — scores 3 in NEWS2');
    expect(bp.news2).toEqual({ score: 3, direction: 'Low', limit: '≤ 90 mmHg systolic' });
    expect(bp.tone).toBe('alarm');
  });

  it('says "Within range" only where NEWS2 scores the value 0', () => {
    expect(statuses({})).toEqual({
      heartRate: 'Within range',
      oxygenLevel: 'Within range',
      bloodPressure: 'Within range',
      temperature: 'Within range',
      respiratoryRate: 'Within range',
      consciousness: 'Within range',
    });
    // Pulse 95 is within the spec's 60–100 but scores 1 in NEWS2 (91–110).
    const pulse = cards({ pulse: 95 }).find((c) => c.key === 'heartRate')!;
    expect(pulse.status).toBe('High — scores 1 in NEWS2');
    expect(pulse.tone).toBe('warning');
    // SBP 105 scores 1 (101–110): low side.
    expect(statuses({ systolicBP: 105, diastolicBP: 70 }).bloodPressure).toBe('Low — scores 1 in NEWS2');
  });

  it("keeps the spec's threshold text where it fires, with the NEWS2 score beside it", () => {
    expect(statuses({ pulse: 124 }).heartRate).toBe('High (> 100 bpm) — scores 2 in NEWS2');
    expect(statuses({ oxygenLevel: 89 }).oxygenLevel).toBe('Low (< 95 %) — scores 3 in NEWS2');
    // Systolic 150 is high for the spec but scores 0 in NEWS2 (111–219).
    expect(statuses({ systolicBP: 150, diastolicBP: 95 }).bloodPressure).toBe(
      'High (systolic > 140, diastolic > 90)',
    );
  });

  it("reads the score from the server's summary, never from the value", () => {
    // The server's summary says the pulse scores 2 (a value it counted that this record has not yet
    // caught up with, say): the card says 2, not what the value on it would give.
    const patient = makePatient({ ...normal });
    const parameters = patient.news2.parameters.map((p) =>
      p.parameter === 'pulse' ? { ...p, score: 2 } : p,
    );
    const pulse = vitalCardModels({ ...patient, news2: { ...patient.news2, parameters } }).find(
      (c) => c.key === 'heartRate',
    )!;
    expect(pulse.news2?.score).toBe(2);
    expect(pulse.status).toBe('Scores 2 in NEWS2');
  });

  it('shows respiratory rate and ACVPU at a glance, with their NEWS2 points (issue 40 item 4)', () => {
    const sick = cards({ respiratoryRate: 26, consciousness: 'C' });
    const rr = sick.find((c) => c.key === 'respiratoryRate')!;
    expect([rr.value, rr.unit, rr.status, rr.tone]).toEqual([
      '26',
      '/min',
      'High — scores 3 in NEWS2',
      'alarm',
    ]);
    const acvpu = sick.find((c) => c.key === 'consciousness')!;
    expect([acvpu.value, acvpu.unit, acvpu.status, acvpu.tone]).toEqual([
      'C',
      'New confusion',
      'Not alert — scores 3 in NEWS2',
      'alarm',
    ]);
    expect(cards({ respiratoryRate: 10 }).find((c) => c.key === 'respiratoryRate')!.status).toBe(
      'Low — scores 1 in NEWS2',
    );
  });

  it('says "Not recorded" for a NEWS2 parameter never recorded, never "Within range"', () => {
    const missing = cards({ respiratoryRate: null, consciousness: null });
    expect(missing.filter((c) => c.status === 'Not recorded').map((c) => [c.key, c.value])).toEqual([
      ['respiratoryRate', '—'],
      ['consciousness', '—'],
    ]);
  });

  it('reads SpO2 on scale 2 on oxygen as high above the target', () => {
    const oxygen = cards({ oxygenLevel: 97, spo2Scale: 2, onSupplementalOxygen: true }).find(
      (c) => c.key === 'oxygenLevel',
    )!;
    expect(oxygen.status).toBe('High — scores 3 in NEWS2');
  });
});
