import type { Patient } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { makePatient } from '@/test/patient-factory.ts';
import { formatObservationAge, vitalsStaleness } from './vitals-staleness.ts';

const RECORDED = '2026-03-02T08:00:00.000Z';
const at = (msAfter: number) => Date.parse(RECORDED) + msAfter;
const MIN = 60_000;
const H = 60 * MIN;

// NEWS2 0: RR 16, SpO2 97 on air, SBP 125, HR 70, Alert, 37.0 °C (986 tenths °F).
const calmVitals = {
  lastUpdated: RECORDED,
  pulse: 70,
  oxygenLevel: 97,
  systolicBP: 125,
  diastolicBP: 80,
  temperature: 986,
  respiratoryRate: 16,
  consciousness: 'A',
  onSupplementalOxygen: false,
  spo2Scale: 1,
} satisfies Partial<Patient>;
const patientWith = (over: Partial<Patient>) => makePatient({ ...calmVitals, ...over });
const calm = patientWith({});

describe('vitalsStaleness (RCP NEWS2 Chart 4 intervals)', () => {
  it.each([
    // [case, vitals, max gap]
    ['score 0: every 12 h', {}, 12 * H],
    ['score 1–4: every 4–6 h, so 6 h', { respiratoryRate: 22 }, 6 * H], // RR 22 → 2
    ['red score with total < 5: hourly', { consciousness: 'C' as const }, H], // new confusion → 3
    ['score 5–6: hourly', { respiratoryRate: 22, pulse: 115, temperature: 1010 }, H], // 2 + 2 + 1
    ['score ≥ 7: continuous, 15 min', { respiratoryRate: 26, oxygenLevel: 90, pulse: 125 }, 15 * MIN],
  ])('%s', (_, over, maxAgeMs) => {
    const patient = patientWith(over);
    expect(patient.news2.staleAfterMs).toBe(maxAgeMs);
    expect(vitalsStaleness(patient, at(maxAgeMs)).isStale).toBe(false);
    expect(vitalsStaleness(patient, at(maxAgeMs + 1)).isStale).toBe(true);
    expect(vitalsStaleness(patient, at(0)).maxAgeMs).toBe(maxAgeMs);
    expect(vitalsStaleness(patient, at(0)).staleAtMs).toBe(at(maxAgeMs + 1));
  });

  it('says why, with the age and what the score asks for', () => {
    expect(vitalsStaleness(calm, at(7 * H)).reason).toBeNull();
    expect(vitalsStaleness(calm, at(13 * H)).reason).toBe(
      'Stale: last observations 13 h ago; NEWS2 0 asks for at least every 12 h',
    );
    expect(vitalsStaleness(patientWith({ respiratoryRate: 22 }), at(7 * H)).reason).toBe(
      'Stale: last observations 7 h ago; NEWS2 2 asks for at least every 6 h',
    );
    expect(vitalsStaleness(patientWith({ consciousness: 'C' }), at(80 * MIN)).reason).toBe(
      'Stale: last observations 1 h 20 min ago; NEWS2 3 (red score) asks for observations at least hourly',
    );
    const high = patientWith({ respiratoryRate: 26, oxygenLevel: 90, pulse: 125 });
    expect(vitalsStaleness(high, at(40 * MIN)).reason).toBe(
      'Stale: last observations 40 min ago; NEWS2 8 asks for continuous monitoring (a reading at least every 15 min)',
    );
  });

  it("measures against the server's interval, whatever the values would give", () => {
    // The summary is the server's: a score it sends is the score shown, never one scored here.
    const patient = makePatient({
      ...calmVitals,
      news2: {
        total: 9,
        band: 'high',
        staleAfterMs: 15 * MIN,
        monitoring: { ...calm.news2.monitoring, isContinuous: true },
      },
    });
    expect(vitalsStaleness(patient, at(16 * MIN)).reason).toBe(
      'Stale: last observations 16 min ago; NEWS2 9 asks for continuous monitoring (a reading at least every 15 min)',
    );
  });

  it('marks an incomplete score as a minimum', () => {
    const result = vitalsStaleness(patientWith({ respiratoryRate: null }), at(0));
    expect(result.requirement).toBe('NEWS2 ≥0 asks for at least every 12 h');
  });

  it('treats a time in the future as just recorded, and an unreadable time as stale', () => {
    expect(vitalsStaleness(calm, at(-2 * H)).isStale).toBe(false);
    const unknown = vitalsStaleness({ ...calm, lastUpdated: 'not a date' }, at(0));
    expect(unknown.isStale).toBe(true);
    expect(unknown.staleAtMs).toBeNull();
    expect(unknown.reason).toBe(
      'Stale: the time of the last observations is unknown; NEWS2 0 asks for at least every 12 h',
    );
  });
});

describe('formatObservationAge', () => {
  it.each([
    [30_000, 'just now'],
    [25 * MIN, '25 min ago'],
    [60 * MIN, '1 h ago'],
    [80 * MIN, '1 h 20 min ago'],
    [3 * H + 20 * MIN, '3 h ago'],
    [47 * H, '47 h ago'],
    [72 * H, '3 days ago'],
    [-5 * MIN, 'just now'],
  ])('%s ms → %s', (ms, text) => {
    expect(formatObservationAge(ms)).toBe(text);
  });
});
