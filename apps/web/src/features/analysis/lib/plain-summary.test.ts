import { NEWS2_CHART4 } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { makePatient } from '@/test/patient-factory.ts';
import { cardAnalysisText } from './plain-summary.ts';

describe('cardAnalysisText', () => {
  it("says the patient's NEWS2 as the server sent it: its findings, then the band's response", () => {
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
      `High risk, NEWS2 14. Breathing rate and oxygen level are dangerously abnormal; blood pressure, pulse and temperature are also out of range; on oxygen. ${NEWS2_CHART4.emergency.response}`,
    );
  });

  it('words nothing itself: the sentences are the ones in the summary', () => {
    const calm = makePatient();
    expect(cardAnalysisText({ ...calm.news2, findings: 'Sent findings.', response: 'Sent response.' })).toBe(
      'Sent findings. Sent response.',
    );
  });
});
