import { describe, expect, it } from 'vitest';
import { ALERT_RESPONSES } from '../alerts/alerts.ts';
import { clinicalAlertMessage } from '../alerts/clinical-message.ts';
import { NEWS2_VITAL_SIGNS } from '../vitals/catalogue.ts';
import { buildAnalysis } from './analysis.ts';
import { computeNews2, news2Escalation } from './news2.ts';
import {
  PULSE_TABLE,
  RESPIRATORY_RATE_TABLE,
  SPO2_SCALE_1_TABLE,
  SPO2_SCALE_2_AIR_TABLE,
  SPO2_SCALE_2_OXYGEN_TABLE,
  SYSTOLIC_BP_TABLE,
  TEMPERATURE_C_TABLE,
} from './news2-chart.ts';
import { summarizeNews2 } from './patient-news2.ts';
import {
  limitText,
  NEWS2_BAND_LABELS,
  NEWS2_CHART4,
  NEWS2_TRIGGERS,
  news2BandTitle,
  news2Findings,
  news2ParameterPhrase,
  news2ParameterWords,
  news2Response,
  news2RiskText,
  news2Trigger,
  triggerOfBand,
} from './words.ts';

const scale1 = { spo2Scale: 1 as const, onSupplementalOxygen: false };

describe('band names', () => {
  it('one label per band, the en dash in low–medium, capitalised on its own', () => {
    expect(NEWS2_BAND_LABELS).toEqual({
      low: 'low',
      'low-medium': 'low–medium',
      medium: 'medium',
      high: 'high',
    });
    expect(news2BandTitle('low-medium')).toBe('Low–medium');
    expect(news2RiskText('high')).toBe('High risk');
  });
});

describe('RCP Chart 4 response: one sentence per trigger level, said everywhere', () => {
  it.each([
    { total: 0, red: false, trigger: 'zero', band: 'low' },
    { total: 4, red: false, trigger: 'low', band: 'low' },
    { total: 3, red: true, trigger: 'red', band: 'low-medium' },
    { total: 6, red: true, trigger: 'urgent', band: 'medium' },
    { total: 7, red: false, trigger: 'emergency', band: 'high' },
  ] as const)('total $total, red $red → $trigger', ({ total, red, trigger, band }) => {
    expect(news2Trigger(total, red)).toBe(trigger);
    expect(triggerOfBand(band, total)).toBe(trigger);
    expect(NEWS2_CHART4[trigger].band).toBe(band);
    expect(news2Escalation(total, red).response).toBe(NEWS2_CHART4[trigger].response);
    expect(news2Response(band, total)).toBe(NEWS2_CHART4[trigger].response);
  });

  it('the texts follow docs/reference/clinical.md row by row', () => {
    expect(NEWS2_CHART4.zero.response).toMatch(/^Continue routine monitoring/);
    expect(NEWS2_CHART4.low.response).toMatch(/registered nurse, who assesses/);
    expect(NEWS2_CHART4.red.response).toMatch(
      /informs the medical team, who review and decide on escalation/,
    );
    expect(NEWS2_CHART4.urgent.response).toMatch(/immediately informs the medical team: urgent assessment/);
    expect(NEWS2_CHART4.emergency.response).toMatch(/at least a specialist registrar.*critical-care team/);
    expect(new Set(NEWS2_TRIGGERS.map((t) => NEWS2_CHART4[t].response)).size).toBe(5);
  });

  it('the alert, the analysis and the patient summary say the same sentence', () => {
    expect(ALERT_RESPONSES['news2-low']).toBe(NEWS2_CHART4.low.response);
    expect(ALERT_RESPONSES['news2-red']).toBe(NEWS2_CHART4.red.response);
    expect(ALERT_RESPONSES['news2-urgent']).toBe(NEWS2_CHART4.urgent.response);
    expect(ALERT_RESPONSES['news2-emergency']).toBe(NEWS2_CHART4.emergency.response);
    const vitals = {
      heartRate: 135,
      oxygenLevel: 88,
      systolicBP: 85,
      diastolicBP: 50,
      temperature: 1027,
      respiratoryRate: 28,
      consciousness: 'C' as const,
      onSupplementalOxygen: true,
    };
    const analysis = buildAnalysis({ ...vitals, now: new Date('2026-01-01T00:00:00Z') });
    expect(analysis.news2.response).toBe(NEWS2_CHART4.emergency.response);
    expect(analysis.recommendations[0]).toBe(NEWS2_CHART4.emergency.response);
    expect(analysis.analysis).toContain(NEWS2_CHART4.emergency.response);
    const summary = summarizeNews2({ ...vitals, isDemo: false }, {}, 0);
    expect(summary.response).toBe(NEWS2_CHART4.emergency.response);
  });
});

describe('limitText: the chart limit crossed, as the chart prints its bounds', () => {
  it.each([
    { table: PULSE_TABLE, value: 134, text: '≥ 131' },
    { table: PULSE_TABLE, value: 120, text: '≥ 111' },
    { table: PULSE_TABLE, value: 95, text: '≥ 91' },
    { table: PULSE_TABLE, value: 72, text: 'within 51–90' },
    { table: PULSE_TABLE, value: 45, text: '≤ 50' },
    { table: PULSE_TABLE, value: 40, text: '≤ 40' },
    { table: RESPIRATORY_RATE_TABLE, value: 16, text: 'within 12–20' },
    { table: RESPIRATORY_RATE_TABLE, value: 26, text: '≥ 25' },
    { table: SPO2_SCALE_1_TABLE, value: 90, text: '≤ 91' },
    { table: SPO2_SCALE_1_TABLE, value: 97, text: '≥ 96' },
    { table: SPO2_SCALE_2_AIR_TABLE, value: 95, text: '≥ 88' },
    { table: SPO2_SCALE_2_OXYGEN_TABLE, value: 90, text: 'within 88–92' },
    { table: SPO2_SCALE_2_OXYGEN_TABLE, value: 97, text: '≥ 97' },
    { table: SYSTOLIC_BP_TABLE, value: 95, text: '≤ 100' },
    { table: SYSTOLIC_BP_TABLE, value: 120, text: 'within 111–219' },
    { table: SYSTOLIC_BP_TABLE, value: 225, text: '≥ 220' },
    { table: TEMPERATURE_C_TABLE, value: 38.6, text: '≥ 38.1' },
    { table: TEMPERATURE_C_TABLE, value: 37, text: 'within 36.1–38.0' },
    { table: TEMPERATURE_C_TABLE, value: 35.8, text: '≤ 36.0' },
    { table: TEMPERATURE_C_TABLE, value: 39.5, text: '≥ 39.1' },
  ])('$value → "$text"', ({ table, value, text }) => {
    expect(limitText(table, value)).toBe(text);
  });
});

describe('a parameter against its limit: one phrase for alerts and the analysis', () => {
  it.each([
    { parameter: 'respiratoryRate', values: { respiratoryRate: 27 }, phrase: 'RR 27 ≥ 25' },
    { parameter: 'spo2', values: { oxygenLevel: 89 }, phrase: 'SpO2 89 ≤ 91' },
    { parameter: 'systolicBP', values: { systolicBP: 88 }, phrase: 'SBP 88 ≤ 90' },
    { parameter: 'pulse', values: { heartRate: 72 }, phrase: 'HR 72 within 51–90' },
    // 1027 tenths of °F = 39.3 °C, scored as displayed.
    { parameter: 'temperature', values: { temperature: 1027 }, phrase: 'Temp 39.3 ≥ 39.1' },
    { parameter: 'consciousness', values: { consciousness: 'V' }, phrase: 'ACVPU V' },
    { parameter: 'airOrOxygen', values: { onSupplementalOxygen: true }, phrase: 'on oxygen' },
    { parameter: 'pulse', values: {}, phrase: null },
  ] as const)('$parameter $values → $phrase', ({ parameter, values, phrase }) => {
    expect(news2ParameterPhrase(parameter, values, scale1)).toBe(phrase);
  });

  it('SpO2 on scale 2 above 92 % without air or oxygen cannot be read against the chart', () => {
    const context = { spo2Scale: 2 as const, onSupplementalOxygen: null };
    expect(news2ParameterPhrase('spo2', { oxygenLevel: 95 }, context)).toBeNull();
    expect(news2ParameterWords('spo2', { oxygenLevel: 95 }, context)).toEqual({ side: null, limit: null });
    expect(
      news2ParameterWords('spo2', { oxygenLevel: 97 }, { ...context, onSupplementalOxygen: true }),
    ).toEqual({
      side: 'high',
      limit: '≥ 97',
    });
  });

  it('the alert message is built from the same phrases', () => {
    const values = { respiratoryRate: 27, oxygenLevel: 90, heartRate: 95, onSupplementalOxygen: false };
    const summary = summarizeNews2(
      {
        ...values,
        systolicBP: 120,
        diastolicBP: 80,
        temperature: 986,
        consciousness: 'A',
        isDemo: false,
      },
      {},
      0,
    );
    expect(clinicalAlertMessage(summary, values)).toBe('NEWS2 7 · RR 27 ≥ 25 · SpO2 90 ≤ 91 · HR 95 ≥ 91');
  });
});

describe('news2ParameterWords: side and limit of a value that scores', () => {
  it.each([
    { parameter: 'pulse', values: { heartRate: 45 }, words: { side: 'low', limit: '≤ 50' } },
    { parameter: 'pulse', values: { heartRate: 72 }, words: { side: null, limit: null } },
    { parameter: 'respiratoryRate', values: { respiratoryRate: 26 }, words: { side: 'high', limit: '≥ 25' } },
    { parameter: 'temperature', values: { temperature: 945 }, words: { side: 'low', limit: '≤ 35.0' } },
    { parameter: 'consciousness', values: { consciousness: 'C' }, words: { side: null, limit: null } },
  ] as const)('$parameter $values → $words', ({ parameter, values, words }) => {
    expect(news2ParameterWords(parameter, values, scale1)).toEqual(words);
  });
});

describe('news2Findings: the score in bedside words', () => {
  const scored = (vitals: Parameters<typeof computeNews2>[0]) => computeNews2(vitals);

  it('names the red and the other abnormal parameters by their bedside labels', () => {
    const news2 = scored({
      respiratoryRate: 26,
      oxygenLevel: 90,
      onSupplementalOxygen: true,
      systolicBP: 95,
      heartRate: 120,
      consciousness: 'A',
      temperature: 1015,
    });
    expect(news2Findings(news2)).toBe(
      'High risk, NEWS2 13. Breathing rate and oxygen level are dangerously abnormal; blood pressure, pulse and temperature are also out of range; on oxygen.',
    );
  });

  it('all normal, or all recorded normal with a warning when incomplete', () => {
    const normal = {
      respiratoryRate: 16,
      oxygenLevel: 98,
      onSupplementalOxygen: false,
      systolicBP: 120,
      heartRate: 70,
      consciousness: 'A' as const,
      temperature: 986,
    };
    expect(news2Findings(scored(normal))).toBe(
      'Low risk, NEWS2 0. All observations are in the normal range.',
    );
    expect(news2Findings(scored({ ...normal, consciousness: null }))).toBe(
      'Low risk, NEWS2 at least 0. All recorded observations are in the normal range. Some observations are missing, so the risk may be higher.',
    );
  });

  it('every bedside label it may say is a catalogue row’s', () => {
    const labels = NEWS2_VITAL_SIGNS.filter((v) => v.news2 !== 'airOrOxygen').map((v) => v.bedsideLabel);
    expect(labels).toEqual([
      'breathing rate',
      'oxygen level',
      'blood pressure',
      'pulse',
      'alertness',
      'temperature',
    ]);
  });
});

describe('plain words have no alarm-style shorthand', () => {
  it('neither the findings nor any Chart 4 response uses limit signs or points', () => {
    const news2 = computeNews2({
      respiratoryRate: 11,
      oxygenLevel: 95,
      onSupplementalOxygen: false,
      systolicBP: 110,
      heartRate: 50,
      consciousness: 'A',
      temperature: 968,
    });
    expect(news2.total).toBe(5);
    expect(news2Findings(news2)).not.toMatch(/[≤≥<>]|point/);
    for (const trigger of NEWS2_TRIGGERS) expect(NEWS2_CHART4[trigger].response).not.toMatch(/[≤≥<>]|point/);
  });
});
