import { type News2Summary, news2Escalation } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { actionNow, cardAnalysisText, plainSummary } from './plain-summary.ts';

const base: News2Summary = {
  total: 0,
  // The band, monitoring and response the domain gives a NEWS2 of 0 (RCP Chart 4).
  ...news2Escalation(0, false),
  redScore: false,
  redScoreParameters: [],
  scores: {
    respiratoryRate: 0,
    spo2: 0,
    airOrOxygen: 0,
    systolicBP: 0,
    pulse: 0,
    consciousness: 0,
    temperature: 0,
  },
  complete: true,
  missing: [],
  spo2Scale: 1,
};

describe('plainSummary', () => {
  it('reads a septic patient (NEWS2 14) in words, with what to do now', () => {
    const septic: News2Summary = {
      ...base,
      total: 14,
      band: 'high',
      redScore: true,
      redScoreParameters: ['respiratoryRate', 'spo2'],
      scores: {
        respiratoryRate: 3,
        spo2: 3,
        airOrOxygen: 2,
        systolicBP: 2,
        pulse: 2,
        consciousness: 0,
        temperature: 2,
      },
    };
    expect(plainSummary(septic)).toBe(
      'High risk, NEWS2 14. Breathing rate and oxygen level are dangerously abnormal; blood pressure, pulse and temperature are also out of range; on oxygen. Call for an emergency assessment by a critical-care team and monitor continuously.',
    );
  });

  it('says a calm patient is in range, and an incomplete score may underestimate', () => {
    expect(plainSummary(base)).toBe(
      'Low risk, NEWS2 0. All observations are in the normal range. Continue routine observations, at least every 12 hours.',
    );
    expect(
      plainSummary({
        ...base,
        total: 1,
        complete: false,
        missing: ['consciousness'],
        scores: { ...base.scores, pulse: 1, consciousness: null },
      }),
    ).toBe(
      'Low risk, NEWS2 at least 1. Pulse is out of range. Some observations are missing, so the risk may be higher. A registered nurse should assess the patient; observe every 4–6 hours.',
    );
  });

  it('has no alarm-style shorthand', () => {
    expect(
      plainSummary({
        ...base,
        total: 5,
        band: 'medium',
        scores: { ...base.scores, respiratoryRate: 1, spo2: 1, systolicBP: 1, pulse: 1, temperature: 1 },
      }),
    ).not.toMatch(/[≤≥<>]|point/);
    expect(actionNow({ band: 'medium', total: 5 })).toBe(
      'Ask for an urgent review by a clinician and observe at least hourly.',
    );
  });

  it('keeps an AI narrative and the spec fallback texts as they are', () => {
    expect(cardAnalysisText({ analysis: 'Narrative.', news2: base, source: 'model' })).toBe('Narrative.');
    expect(
      cardAnalysisText({ analysis: 'Fallback.', news2: base, source: 'rules', origin: 'fallback' }),
    ).toBe('Fallback.');
  });
});
