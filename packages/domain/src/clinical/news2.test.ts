import { describe, expect, it } from 'vitest';
import { celsiusToTenthsF } from '../vitals/units.ts';
import { computeNews2, type News2Input, news2Escalation, news2InputFromVitals } from './news2.ts';

/** A complete, all-normal observation set (scale 1, on air, alert). */
const normal: News2Input = {
  respiratoryRate: 16,
  oxygenLevel: 98,
  onSupplementalOxygen: false,
  systolicBP: 120,
  heartRate: 72,
  consciousness: 'A',
  temperature: celsiusToTenthsF(37.0),
};

describe('worked examples of docs/reference/clinical.md (RCP NEWS2 2017)', () => {
  const examples: Array<{ name: string; input: News2Input; tenthsF: number; total: number; band: string }> = [
    {
      name: 'all normal',
      input: {
        respiratoryRate: 18,
        oxygenLevel: 99,
        onSupplementalOxygen: false,
        systolicBP: 120,
        heartRate: 65,
        consciousness: 'A',
        temperature: celsiusToTenthsF(37.5),
      },
      tenthsF: 995,
      total: 0,
      band: 'low',
    },
    {
      name: 'RR 11',
      input: {
        respiratoryRate: 11,
        oxygenLevel: 99,
        onSupplementalOxygen: false,
        systolicBP: 120,
        heartRate: 65,
        consciousness: 'A',
        temperature: celsiusToTenthsF(37.5),
      },
      tenthsF: 995,
      total: 1,
      band: 'low',
    },
    {
      name: 'five ones',
      input: {
        respiratoryRate: 11,
        oxygenLevel: 95,
        onSupplementalOxygen: false,
        systolicBP: 110,
        heartRate: 50,
        consciousness: 'A',
        temperature: celsiusToTenthsF(36.0),
      },
      tenthsF: 968,
      total: 5,
      band: 'medium',
    },
    {
      name: 'ten',
      input: {
        respiratoryRate: 25,
        oxygenLevel: 93,
        onSupplementalOxygen: false,
        systolicBP: 100,
        heartRate: 130,
        consciousness: 'A',
        temperature: celsiusToTenthsF(38.5),
      },
      tenthsF: 1013,
      total: 10,
      band: 'high',
    },
    {
      name: 'maximum',
      input: {
        respiratoryRate: 8,
        oxygenLevel: 91,
        onSupplementalOxygen: true,
        systolicBP: 90,
        heartRate: 40,
        consciousness: 'U',
        temperature: celsiusToTenthsF(35.0),
      },
      tenthsF: 950,
      total: 20,
      band: 'high',
    },
    {
      name: 'new confusion (red score)',
      input: {
        respiratoryRate: 16,
        oxygenLevel: 97,
        onSupplementalOxygen: false,
        systolicBP: 125,
        heartRate: 80,
        consciousness: 'C',
        temperature: celsiusToTenthsF(37.0),
      },
      tenthsF: 986,
      total: 3,
      band: 'low-medium',
    },
  ];

  it.each(examples)('$name → total $total, band $band', ({ input, total, band }) => {
    const result = computeNews2(input);
    expect(result.total).toBe(total);
    expect(result.band).toBe(band);
    expect(result.complete).toBe(true);
    expect(result.missing).toEqual([]);
  });

  it.each(examples)(
    '$name → same total with temperature as $tenthsF tenths °F',
    ({ input, tenthsF, total }) => {
      const { temperature: _, ...rest } = input;
      expect(computeNews2({ ...rest, temperature: tenthsF }).total).toBe(total);
    },
  );

  it('scores every parameter of the maximum example as the chart says', () => {
    expect(computeNews2(examples[4]!.input).scores).toEqual({
      respiratoryRate: 3,
      spo2: 3,
      airOrOxygen: 2,
      systolicBP: 3,
      pulse: 3,
      consciousness: 3,
      temperature: 3,
    });
  });

  it('marks the new-confusion example as a red score in consciousness', () => {
    const result = computeNews2(examples[5]!.input);
    expect(result.redScore).toBe(true);
    expect(result.redScoreParameters).toEqual(['consciousness']);
    expect(result.monitoring.text).toBe('Minimum hourly');
    expect(result.response).toContain('informs the medical team');
  });
});

describe('temperature from tenths °F is rounded to one decimal before scoring', () => {
  it.each([
    { tenthsF: 950, celsius: 35.0, score: 3 },
    { tenthsF: 951, celsius: 35.1, score: 1 },
    { tenthsF: 968, celsius: 36.0, score: 1 },
    { tenthsF: 969, celsius: 36.1, score: 0 },
    { tenthsF: 1004, celsius: 38.0, score: 0 },
    { tenthsF: 1005, celsius: 38.1, score: 1 },
    { tenthsF: 1022, celsius: 39.0, score: 1 },
    { tenthsF: 1023, celsius: 39.1, score: 2 },
    // Unrounded 38.03 °C would score 1; displayed 38.0 scores 0.
    { tenthsF: 1004.5, celsius: 38.0, score: 0 },
    // Unrounded 35.04 °C would score 1; displayed 35.0 scores 3.
    { tenthsF: 950.8, celsius: 35.0, score: 3 },
  ])('$tenthsF tenths °F → $celsius °C → $score', ({ tenthsF, celsius, score }) => {
    const result = computeNews2({ ...normal, temperature: tenthsF });
    expect(result.temperatureC).toBe(celsius);
    expect(result.scores.temperature).toBe(score);
  });

  it('scores the temperature it is given in tenths °F', () => {
    const result = computeNews2({ ...normal, temperature: 1023 });
    expect(result.temperatureC).toBe(39.1);
    expect(result.scores.temperature).toBe(2);
  });
});

describe('red score', () => {
  it.each([
    { change: { respiratoryRate: 25 }, parameter: 'respiratoryRate' },
    { change: { oxygenLevel: 91 }, parameter: 'spo2' },
    { change: { systolicBP: 90 }, parameter: 'systolicBP' },
    { change: { heartRate: 131 }, parameter: 'pulse' },
    { change: { consciousness: 'V' }, parameter: 'consciousness' },
    { change: { temperature: celsiusToTenthsF(35.0) }, parameter: 'temperature' },
  ] as const)('a 3 in $parameter alone → total 3, low-medium, red', ({ change, parameter }) => {
    const result = computeNews2({ ...normal, ...change });
    expect(result.total).toBe(3);
    expect(result.redScore).toBe(true);
    expect(result.redScoreParameters).toEqual([parameter]);
    expect(result.band).toBe('low-medium');
  });

  it('oxygen (2) is not a red score', () => {
    const result = computeNews2({ ...normal, onSupplementalOxygen: true });
    expect(result.total).toBe(2);
    expect(result.redScore).toBe(false);
    expect(result.band).toBe('low');
  });
});

describe('news2Escalation (RCP Chart 4)', () => {
  it.each([
    {
      total: 0,
      red: false,
      band: 'low',
      monitoring: 'Minimum every 12 hours',
      hours: [12, 12],
      text: 'routine',
    },
    {
      total: 1,
      red: false,
      band: 'low',
      monitoring: 'Minimum every 4–6 hours',
      hours: [4, 6],
      text: 'assesses',
    },
    {
      total: 4,
      red: false,
      band: 'low',
      monitoring: 'Minimum every 4–6 hours',
      hours: [4, 6],
      text: 'assesses',
    },
    { total: 3, red: true, band: 'low-medium', monitoring: 'Minimum hourly', hours: [1, 1], text: 'informs' },
    { total: 4, red: true, band: 'low-medium', monitoring: 'Minimum hourly', hours: [1, 1], text: 'informs' },
    {
      total: 5,
      red: false,
      band: 'medium',
      monitoring: 'Minimum hourly',
      hours: [1, 1],
      text: 'urgent assessment',
    },
    {
      total: 6,
      red: true,
      band: 'medium',
      monitoring: 'Minimum hourly',
      hours: [1, 1],
      text: 'urgent assessment',
    },
    {
      total: 7,
      red: false,
      band: 'high',
      monitoring: 'Continuous monitoring',
      hours: [0, 0],
      text: 'critical-care team',
    },
    {
      total: 20,
      red: true,
      band: 'high',
      monitoring: 'Continuous monitoring',
      hours: [0, 0],
      text: 'critical-care team',
    },
  ])('total $total, red $red → $band, $monitoring', ({ total, red, band, monitoring, hours, text }) => {
    const escalation = news2Escalation(total, red);
    expect(escalation.band).toBe(band);
    expect(escalation.monitoring.text).toBe(monitoring);
    expect([escalation.monitoring.intervalHoursMin, escalation.monitoring.intervalHoursMax]).toEqual(hours);
    expect(escalation.monitoring.isContinuous).toBe(total >= 7);
    expect(escalation.response).toContain(text);
  });

  it('returns a copy that callers cannot use to change the chart', () => {
    news2Escalation(0, false).monitoring.intervalHoursMax = 99;
    expect(news2Escalation(0, false).monitoring.intervalHoursMax).toBe(12);
  });
});

describe('missing parameters are never scored as normal', () => {
  it('lists them, scores them null, and totals the rest', () => {
    const result = computeNews2({ heartRate: 120, oxygenLevel: 97, systolicBP: 120 });
    expect(result.complete).toBe(false);
    expect(result.missing).toEqual(['respiratoryRate', 'airOrOxygen', 'consciousness', 'temperature']);
    expect(result.scores).toEqual({
      respiratoryRate: null,
      spo2: 0,
      airOrOxygen: null,
      systolicBP: 0,
      pulse: 2,
      consciousness: null,
      temperature: null,
    });
    expect(result.total).toBe(2);
  });

  it('an empty input has every parameter missing and total 0', () => {
    const result = computeNews2({});
    expect(result.missing).toHaveLength(7);
    expect(result.total).toBe(0);
    expect(result.complete).toBe(false);
  });

  it.each([
    { change: { respiratoryRate: null }, missing: 'respiratoryRate' },
    { change: { respiratoryRate: Number.NaN }, missing: 'respiratoryRate' },
    { change: { oxygenLevel: undefined }, missing: 'spo2' },
    { change: { onSupplementalOxygen: null }, missing: 'airOrOxygen' },
    { change: { systolicBP: null }, missing: 'systolicBP' },
    { change: { heartRate: null }, missing: 'pulse' },
    { change: { consciousness: null }, missing: 'consciousness' },
    { change: { temperature: null }, missing: 'temperature' },
  ] as const)('$missing missing → listed, others complete', ({ change, missing }) => {
    const result = computeNews2({ ...normal, ...change });
    expect(result.missing).toEqual([missing]);
    expect(result.scores[missing]).toBeNull();
    expect(result.total).toBe(0);
  });

  it('on scale 2, SpO2 ≥ 93 without oxygen status is missing too', () => {
    const result = computeNews2({ ...normal, spo2Scale: 2, oxygenLevel: 95, onSupplementalOxygen: null });
    expect(result.missing).toEqual(['spo2', 'airOrOxygen']);
    expect(result.scores.spo2).toBeNull();
  });

  it('on scale 2, SpO2 ≤ 92 without oxygen status is still scored', () => {
    const result = computeNews2({ ...normal, spo2Scale: 2, oxygenLevel: 86, onSupplementalOxygen: null });
    expect(result.scores.spo2).toBe(1);
    expect(result.missing).toEqual(['airOrOxygen']);
  });
});

describe('SpO2 scale selection', () => {
  it.each([
    { spo2Scale: undefined, on: true, spo2: 97, score: 0 },
    { spo2Scale: null, on: true, spo2: 97, score: 0 },
    { spo2Scale: 1, on: true, spo2: 90, score: 3 },
    { spo2Scale: 2, on: true, spo2: 97, score: 3 },
    { spo2Scale: 2, on: false, spo2: 97, score: 0 },
    { spo2Scale: 2, on: true, spo2: 90, score: 0 },
  ] as const)('scale $spo2Scale, oxygen $on, SpO2 $spo2 → $score', ({ spo2Scale, on, spo2, score }) => {
    const result = computeNews2({ ...normal, spo2Scale, onSupplementalOxygen: on, oxygenLevel: spo2 });
    expect(result.scores.spo2).toBe(score);
    expect(result.spo2Scale).toBe(spo2Scale === 2 ? 2 : 1);
  });

  it('on scale 2 SpO2 97 % on oxygen with all else normal scores 3 + 2', () => {
    const result = computeNews2({ ...normal, spo2Scale: 2, onSupplementalOxygen: true, oxygenLevel: 97 });
    expect(result.total).toBe(5);
    expect(result.redScoreParameters).toEqual(['spo2']);
  });
});

describe('news2InputFromVitals', () => {
  it('maps entity names to NEWS2 names', () => {
    expect(
      news2InputFromVitals(
        {
          heartRate: 80,
          oxygenLevel: 95,
          systolicBP: 118,
          diastolicBP: 70,
          temperature: 990,
          respiratoryRate: 18,
          consciousness: 'A',
          onSupplementalOxygen: true,
        },
        2,
      ),
    ).toEqual({
      respiratoryRate: 18,
      oxygenLevel: 95,
      onSupplementalOxygen: true,
      systolicBP: 118,
      heartRate: 80,
      consciousness: 'A',
      temperature: 990,
      spo2Scale: 2,
    });
  });
});
