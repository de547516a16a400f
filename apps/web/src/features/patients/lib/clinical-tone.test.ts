import { buildAnalysis, NEWS2_BANDS, type Patient, patientNews2, vitalsFromPatient } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { news2BandTone, news2Label } from './clinical-tone.ts';

function patient(overrides: Partial<Patient>): Patient {
  return {
    id: 1,
    name: 'Test Patient',
    condition: 'Stable',
    oxygenLevel: 99,
    pulse: 65,
    systolicBP: 120,
    diastolicBP: 80,
    temperature: 995, // 37.5 °C
    lastUpdated: '2026-03-02T08:00:00.000Z',
    hasVitalWatch: false,
    vitalWatchType: null,
    vitalWatchConnected: false,
    respiratoryRate: 18,
    consciousness: 'A',
    onSupplementalOxygen: false,
    spo2Scale: 1,
    createdAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

describe('news2BandTone', () => {
  it.each([
    ['low', 'green'],
    ['low-medium', 'yellow'],
    ['medium', 'orange'],
    ['high', 'red'],
  ] as const)('%s → %s', (band, tone) => {
    expect(news2BandTone(band)).toBe(tone);
  });

  it('gives every band a distinct tone', () => {
    expect(new Set(NEWS2_BANDS.map(news2BandTone)).size).toBe(NEWS2_BANDS.length);
  });
});

describe('NEWS2 on a card (docs/reference/clinical.md worked examples, scale 1)', () => {
  it.each([
    [{}, 0, 'low'],
    [{ respiratoryRate: 11 }, 1, 'low'],
    [
      { respiratoryRate: 11, oxygenLevel: 95, systolicBP: 110, pulse: 50, temperature: 968 /* 36.0 °C */ },
      5,
      'medium',
    ],
    [
      { respiratoryRate: 25, oxygenLevel: 93, systolicBP: 100, pulse: 130, temperature: 1013 /* 38.5 °C */ },
      10,
      'high',
    ],
    [
      { respiratoryRate: 16, oxygenLevel: 97, systolicBP: 125, pulse: 80, consciousness: 'C' },
      3,
      'low-medium',
    ],
  ] as const)('%j → %i %s', (overrides, total, band) => {
    const news2 = patientNews2(patient(overrides as Partial<Patient>));
    expect(news2.total).toBe(total);
    expect(news2.band).toBe(band);
  });

  it('agrees with the analysis the server builds from the same record', () => {
    const p = patient({ oxygenLevel: 86, spo2Scale: 2, onSupplementalOxygen: true, pulse: 112 });
    const server = buildAnalysis({ ...vitalsFromPatient(p), now: new Date('2026-03-02T08:00:00Z') });
    const local = patientNews2(p);
    expect(local.total).toBe(server.news2.total);
    expect(local.band).toBe(server.news2.band);
  });

  it('reports a score with unrecorded parameters as incomplete', () => {
    const news2 = patientNews2(patient({ respiratoryRate: null, consciousness: null }));
    expect(news2.complete).toBe(false);
    expect(news2.missing).toEqual(['respiratoryRate', 'consciousness']);
  });
});

describe('news2Label', () => {
  it('prints total and band', () => {
    expect(news2Label({ total: 7, band: 'high', complete: true })).toBe('NEWS2 7 · high');
    expect(news2Label({ total: 3, band: 'low-medium', complete: true })).toBe('NEWS2 3 · low–medium');
  });

  it('marks an incomplete score as a minimum', () => {
    expect(news2Label({ total: 2, band: 'low', complete: false })).toBe('NEWS2 ≥2 · low');
  });
});
