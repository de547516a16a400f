import { describe, expect, it } from 'vitest';
import { type AnalysisVitals, buildAnalysis, vitalsFromPatient } from './analysis.ts';
import { AnalysisResult } from './analysis-schema.ts';
import { news2Trend } from './trend.ts';

const now = new Date('2024-05-01T12:00:00.000Z');

/** Complete and normal: NEWS2 0. */
const normal: AnalysisVitals = {
  heartRate: 72,
  oxygenLevel: 98,
  systolicBP: 120,
  diastolicBP: 80,
  temperature: 986,
  respiratoryRate: 16,
  consciousness: 'A',
  onSupplementalOxygen: false,
};

describe('vitalSigns tiles: status from the NEWS2 parameter score, comment with value and limit', () => {
  it.each([
    { change: { heartRate: 134 }, tile: 'heartRate', status: 'CRITICAL', comment: 'HR 134 ≥ 131' },
    { change: { heartRate: 120 }, tile: 'heartRate', status: 'ATTENTION', comment: 'HR 120 ≥ 111' },
    { change: { heartRate: 45 }, tile: 'heartRate', status: 'ATTENTION', comment: 'HR 45 ≤ 50' },
    { change: {}, tile: 'heartRate', status: 'NORMAL', comment: 'HR 72 within 51–90' },
    { change: { heartRate: null }, tile: 'heartRate', status: 'UNKNOWN', comment: 'HR not recorded' },
    { change: { oxygenLevel: 90 }, tile: 'oxygenLevel', status: 'CRITICAL', comment: 'SpO2 90 ≤ 91' },
    { change: { oxygenLevel: 95 }, tile: 'oxygenLevel', status: 'ATTENTION', comment: 'SpO2 95 ≤ 95' },
    { change: {}, tile: 'oxygenLevel', status: 'NORMAL', comment: 'SpO2 98 ≥ 96' },
    {
      change: { oxygenLevel: 94, onSupplementalOxygen: true },
      tile: 'oxygenLevel',
      status: 'ATTENTION',
      comment: 'SpO2 94 ≤ 95 on oxygen',
    },
    {
      change: { oxygenLevel: 97, onSupplementalOxygen: true, spo2Scale: 2 },
      tile: 'oxygenLevel',
      status: 'CRITICAL',
      comment: 'SpO2 97 ≥ 97 on oxygen (scale 2)',
    },
    {
      change: { oxygenLevel: 90, spo2Scale: 2 },
      tile: 'oxygenLevel',
      status: 'NORMAL',
      comment: 'SpO2 90 ≥ 88 on air (scale 2)',
    },
    {
      change: { oxygenLevel: 95, onSupplementalOxygen: null, spo2Scale: 2 },
      tile: 'oxygenLevel',
      status: 'UNKNOWN',
      comment: 'SpO2 95% on scale 2: air or oxygen not recorded, so it cannot be scored',
    },
    { change: { systolicBP: 95 }, tile: 'bloodPressure', status: 'ATTENTION', comment: 'SBP 95 ≤ 100' },
    { change: { systolicBP: 88 }, tile: 'bloodPressure', status: 'CRITICAL', comment: 'SBP 88 ≤ 90' },
    { change: { systolicBP: 225 }, tile: 'bloodPressure', status: 'CRITICAL', comment: 'SBP 225 ≥ 220' },
    { change: {}, tile: 'bloodPressure', status: 'NORMAL', comment: 'SBP 120 within 111–219' },
    {
      change: { temperature: 1015 },
      tile: 'temperature',
      status: 'ATTENTION',
      comment: 'Temp 38.6 ≥ 38.1',
    },
    {
      change: { temperature: 1030 },
      tile: 'temperature',
      status: 'ATTENTION',
      comment: 'Temp 39.4 ≥ 39.1',
    },
    { change: { temperature: 945 }, tile: 'temperature', status: 'CRITICAL', comment: 'Temp 34.7 ≤ 35.0' },
    { change: {}, tile: 'temperature', status: 'NORMAL', comment: 'Temp 37.0 within 36.1–38.0' },
    { change: { temperature: null }, tile: 'temperature', status: 'UNKNOWN', comment: 'Temp not recorded' },
  ] as const)('$change → $tile $status "$comment"', ({ change, tile, status, comment }) => {
    const result = buildAnalysis({ ...normal, ...change, now });
    expect(result.vitalSigns[tile]).toEqual({ status, comment });
  });
});

describe('alert level and escalation', () => {
  it.each([
    { name: 'all normal', change: {}, level: 'NORMAL', first: 'Continue routine monitoring' },
    {
      name: 'RR 11 (total 1)',
      change: { respiratoryRate: 11 },
      level: 'ATTENTION',
      first: 'Inform a registered nurse',
    },
    {
      name: 'new confusion (red score, total 3)',
      change: { consciousness: 'C' },
      level: 'URGENT',
      first: 'The registered nurse informs the medical team',
    },
    {
      name: 'total 5',
      change: { respiratoryRate: 11, oxygenLevel: 95, systolicBP: 110, heartRate: 50, temperature: 968 },
      level: 'URGENT',
      first: 'urgent assessment',
    },
    {
      name: 'total 10',
      change: { respiratoryRate: 25, oxygenLevel: 93, systolicBP: 100, heartRate: 130, temperature: 1013 },
      level: 'CRITICAL',
      first: 'critical-care team',
    },
  ] as const)('$name → $level', ({ change, level, first }) => {
    const result = buildAnalysis({ ...normal, ...change, now });
    expect(result.alertLevel).toBe(level);
    expect(result.recommendations[0]).toContain(first);
  });

  it('a red score is URGENT and the text names the red parameter and the RCP response', () => {
    const result = buildAnalysis({ ...normal, heartRate: 134, now });
    expect(result.alertLevel).toBe('URGENT');
    expect(result.news2).toMatchObject({
      total: 3,
      band: 'low-medium',
      redScore: true,
      redScoreParameters: ['pulse'],
    });
    expect(result.analysis).toContain('NEWS2 3: low–medium clinical risk, red score in pulse.');
    expect(result.analysis).toContain('Abnormal: HR 134 ≥ 131 (3 points).');
    expect(result.analysis).toContain('informs the medical team');
    expect(result.analysis).toContain('observations at least hourly.');
    expect(result.recommendations).toContain('Recheck the heart rate manually, including rhythm.');
  });

  it('names every abnormal parameter with its value and limit', () => {
    const result = buildAnalysis({
      ...normal,
      heartRate: 134,
      oxygenLevel: 90,
      systolicBP: 95,
      temperature: 1015,
      respiratoryRate: 22,
      onSupplementalOxygen: true,
      now,
    });
    for (const text of [
      'RR 22 ≥ 21 (2 points)',
      'SpO2 90 ≤ 91 on oxygen (3 points)',
      'on oxygen (2 points)',
      'SBP 95 ≤ 100 (2 points)',
      'HR 134 ≥ 131 (3 points)',
      'Temp 38.6 ≥ 38.1 (1 point)',
    ]) {
      expect(result.analysis).toContain(text);
    }
    expect(result.news2.total).toBe(13);
    expect(result.alertLevel).toBe('CRITICAL');
    expect(result.recommendations).toContain(
      'If infection is known or suspected, screen for sepsis (NEWS2 of 5 or more).',
    );
  });

  it('all normal: says so, no notice, STABLE, rules, generatedAt from the injected clock', () => {
    const result = buildAnalysis({ ...normal, now });
    expect(result.analysis).toContain(
      'NEWS2 0: low clinical risk. All parameters are within NEWS2 normal ranges.',
    );
    expect(result.notice).toBeUndefined();
    expect(result.predictedTrend).toBe('STABLE');
    expect(result.trend).toBeUndefined();
    expect(result.source).toBe('rules');
    expect(result.generatedAt).toBe('2024-05-01T12:00:00.000Z');
    expect(result.recommendations).toEqual([
      'Continue routine monitoring: observations at least every 12 hours.',
    ]);
  });

  it('on scale 2, SpO2 above target on oxygen recommends reviewing the oxygen prescription', () => {
    const result = buildAnalysis({
      ...normal,
      spo2Scale: 2,
      oxygenLevel: 97,
      onSupplementalOxygen: true,
      now,
    });
    expect(result.recommendations).toContain(
      'SpO2 is above the 88–92 % target on oxygen: review the oxygen prescription.',
    );
  });
});

describe('missing parameters', () => {
  const coreOnly: AnalysisVitals = {
    heartRate: 72,
    oxygenLevel: 98,
    systolicBP: 120,
    diastolicBP: 80,
    temperature: 986,
  };

  it('says the score is incomplete, names what is missing, and asks to record it', () => {
    const result = buildAnalysis({ ...coreOnly, now });
    expect(result.news2.complete).toBe(false);
    expect(result.news2.missing).toEqual(['respiratoryRate', 'airOrOxygen', 'consciousness']);
    expect(result.analysis).toContain('NEWS2 0 (incomplete)');
    expect(result.analysis).toContain(
      'Not recorded: respiratory rate, air or oxygen, level of consciousness (ACVPU). The score is incomplete and may underestimate risk.',
    );
    expect(result.notice).toBe(
      'Incomplete NEWS2: respiratory rate, air or oxygen, level of consciousness (ACVPU) not recorded, so the total of 0 is a minimum.',
    );
    expect(result.recommendations).toEqual([
      'Continue routine monitoring: observations at least every 12 hours.',
      'Record respiratory rate to complete the NEWS2 score.',
      'Record whether the patient is on air or supplemental oxygen to complete the NEWS2 score.',
      'Record level of consciousness (ACVPU) to complete the NEWS2 score.',
    ]);
  });

  it('a recorded SpO2 that scale 2 cannot score asks for oxygen status, not for SpO2', () => {
    const result = buildAnalysis({
      ...normal,
      spo2Scale: 2,
      oxygenLevel: 95,
      onSupplementalOxygen: null,
      now,
    });
    expect(result.analysis).toContain('SpO2 score (scale 2 needs air or oxygen status)');
    expect(result.recommendations).not.toContain('Record SpO2 to complete the NEWS2 score.');
    expect(result.recommendations).toContain(
      'Record whether the patient is on air or supplemental oxygen to complete the NEWS2 score.',
    );
  });

  it('nothing recorded is ATTENTION with every tile UNKNOWN, never NORMAL', () => {
    const result = buildAnalysis({ now });
    expect(result.alertLevel).toBe('ATTENTION');
    expect(Object.values(result.vitalSigns).map((tile) => tile.status)).toEqual([
      'UNKNOWN',
      'UNKNOWN',
      'UNKNOWN',
      'UNKNOWN',
    ]);
  });
});

describe('trend', () => {
  it('passes the history trend through and recommends earlier reassessment when declining', () => {
    const readings = [72, 95, 120, 135].map((heartRate, index) => ({
      ...normal,
      heartRate,
      readingTime: new Date(now.getTime() - (3 - index) * 3_600_000).toISOString(),
    }));
    const trend = news2Trend(readings, now);
    const result = buildAnalysis({ ...normal, heartRate: 135, trend, now });
    expect(result.predictedTrend).toBe('DECLINING');
    expect(result.trend).toEqual({
      basis: 'history',
      readingsUsed: 4,
      slopePerHour: 1,
      explanation: trend.explanation,
    });
    expect(result.analysis).toContain(trend.explanation);
    expect(result.recommendations).toContain(
      'NEWS2 is rising over recent readings: reassess sooner than the minimum monitoring interval.',
    );
  });

  it('an insufficient-data trend stays STABLE and says why', () => {
    const trend = news2Trend([], now);
    const result = buildAnalysis({ ...normal, trend, now });
    expect(result.predictedTrend).toBe('STABLE');
    expect(result.trend?.basis).toBe('insufficient-data');
    expect(result.analysis).toContain('Not enough data for a NEWS2 trend');
  });
});

describe('AnalysisResult schema', () => {
  it.each([
    { name: 'normal', vitals: normal },
    { name: 'critical', vitals: { ...normal, heartRate: 140, oxygenLevel: 85, systolicBP: 85 } },
    { name: 'incomplete', vitals: { heartRate: 72 } },
    { name: 'empty', vitals: {} },
  ])('the builder output for $name parses unchanged', ({ vitals }) => {
    const result = buildAnalysis({ ...vitals, now, trend: news2Trend([], now) });
    expect(AnalysisResult.parse(result)).toEqual(result);
  });

  it('rejects an unknown alert level', () => {
    const result = buildAnalysis({ ...normal, now });
    expect(AnalysisResult.safeParse({ ...result, alertLevel: 'SEVERE' }).success).toBe(false);
  });
});

describe('vitalsFromPatient', () => {
  it('maps the patient record to analysis vitals (heartRate)', () => {
    expect(
      vitalsFromPatient({
        heartRate: 88,
        oxygenLevel: 96,
        systolicBP: 130,
        diastolicBP: 85,
        temperature: 990,
        respiratoryRate: null,
        consciousness: 'A',
        onSupplementalOxygen: null,
        spo2Scale: 2,
      }),
    ).toEqual({
      heartRate: 88,
      oxygenLevel: 96,
      systolicBP: 130,
      diastolicBP: 85,
      temperature: 990,
      respiratoryRate: null,
      consciousness: 'A',
      onSupplementalOxygen: null,
      spo2Scale: 2,
    });
  });
});
