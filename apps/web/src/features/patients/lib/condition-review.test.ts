import { describe, expect, it } from 'vitest';
import { makePatient } from '@/test/patient-factory.ts';
import {
  conditionReview,
  news2CriticalMark,
  patientConditionReview,
  thresholdNote,
} from './condition-review.ts';

const NO_FLAGS = { oxygenLevel: null, heartRate: null, bloodPressure: null, temperature: null } as const;

describe('conditionReview', () => {
  it('asks for a review when NEWS2 is medium or high and the condition is not Critical', () => {
    expect(conditionReview({ condition: 'Stable' }, { total: 12, band: 'high', complete: true })).toBe(
      'NEWS2 12 (high risk) disagrees with the condition “Stable”: review the condition.',
    );
    expect(conditionReview({ condition: 'Improving' }, { total: 5, band: 'medium', complete: false })).toBe(
      'NEWS2 ≥5 (medium risk) disagrees with the condition “Improving”: review the condition.',
    );
  });

  it('stays quiet when they agree', () => {
    expect(
      conditionReview({ condition: 'Critical' }, { total: 12, band: 'high', complete: true }),
    ).toBeNull();
    expect(
      conditionReview({ condition: 'Stable' }, { total: 3, band: 'low-medium', complete: true }),
    ).toBeNull();
    expect(conditionReview({ condition: 'Stable' }, { total: 0, band: 'low', complete: true })).toBeNull();
  });
});

describe('thresholdNote', () => {
  it('explains a red tile beside a NORMAL analysis by the two sets of limits', () => {
    expect(thresholdNote({ ...NO_FLAGS, bloodPressure: 'high', temperature: 'elevated' }, 'NORMAL')).toBe(
      "Red here means outside the dashboard's limits (BP > 130/85, temperature ≥ 37.0 °C). The analysis scores NEWS2, which counts these values as normal.",
    );
  });

  it('says nothing when no tile is red or the analysis is not NORMAL', () => {
    expect(thresholdNote(NO_FLAGS, 'NORMAL')).toBeNull();
    expect(thresholdNote({ ...NO_FLAGS, heartRate: 'high' }, 'ATTENTION')).toBeNull();
    expect(thresholdNote({ ...NO_FLAGS, heartRate: 'high' }, undefined)).toBeNull();
  });
});

describe('news2CriticalMark', () => {
  const news2 = (band: 'low' | 'low-medium' | 'medium' | 'high') => ({ ...makePatient().news2, band });

  it('marks a high NEWS2 whose badge is not Critical, naming the recorded condition', () => {
    expect(news2CriticalMark({ condition: 'Stable', news2: news2('high') })).toBe(
      'NEWS2 high — recorded as Stable',
    );
    expect(news2CriticalMark({ condition: 'Recovering', news2: news2('high') })).toBe(
      'NEWS2 high — recorded as Recovering',
    );
  });

  it('says nothing for a Critical badge or a band below high', () => {
    expect(news2CriticalMark({ condition: 'Critical', news2: news2('high') })).toBeNull();
    expect(news2CriticalMark({ condition: 'Stable', news2: news2('medium') })).toBeNull();
  });

  it("reads the server's summary of a real patient", () => {
    // SpO2 89 on oxygen, RR 26, pulse 124 … NEWS2 well into high, recorded as Stable.
    const patient = makePatient({
      condition: 'Stable',
      oxygenLevel: 89,
      onSupplementalOxygen: true,
      respiratoryRate: 26,
      pulse: 124,
    });
    expect(patient.news2.band).toBe('high');
    expect(news2CriticalMark(patient)).toBe('NEWS2 high — recorded as Stable');
    expect(patientConditionReview(patient)).toMatch(
      /^NEWS2 1\d \(high risk\) disagrees with the condition “Stable”/,
    );
  });
});
