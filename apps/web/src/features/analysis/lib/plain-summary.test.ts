import { type News2Summary, news2Escalation } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { makePatient } from '@/test/patient-factory.ts';
import { actionNow, analysisText, cardAnalysisText, plainSummary } from './plain-summary.ts';

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

  it('keeps an AI narrative as it is, and words a rule-based analysis', () => {
    expect(analysisText({ analysis: 'Narrative.', news2: base, source: 'model' })).toBe('Narrative.');
    expect(analysisText({ analysis: 'NEWS2 0: low clinical risk.', news2: base, source: 'rules' })).toBe(
      plainSummary(base),
    );
  });
});

describe('cardAnalysisText', () => {
  it("words the patient's NEWS2 as the server sent it, ending with the band's response", () => {
    // SpO2 89 on oxygen, RR 26, pulse 124, SBP 94, 39.1 °C (e2e SEPTIC): NEWS2 14.
    const septic = makePatient({
      oxygenLevel: 89,
      onSupplementalOxygen: true,
      respiratoryRate: 26,
      pulse: 124,
      systolicBP: 94,
      diastolicBP: 58,
      temperature: 1024,
    });
    expect(cardAnalysisText(septic.news2)).toBe(
      'High risk, NEWS2 14. Breathing rate and oxygen level are dangerously abnormal; blood pressure, pulse and temperature are also out of range; on oxygen. Call for an emergency assessment by a critical-care team and monitor continuously.',
    );
  });

  it('reads the summary, never the values: a summary the server sent is the one worded', () => {
    const calm = makePatient();
    const parameters = calm.news2.parameters.map((p) =>
      p.parameter === 'systolicBP' ? { ...p, score: 3 } : p,
    );
    const text = cardAnalysisText({ ...calm.news2, total: 3, band: 'low-medium', parameters });
    expect(text).toBe(
      'Low–medium risk, NEWS2 3. Blood pressure is dangerously abnormal. Inform the medical team and observe at least hourly.',
    );
  });
});
