import { describe, expect, it } from 'vitest';
import { celsiusToTenthsF } from '../vitals/units.ts';
import { computeNews2, type News2Input } from './news2.ts';
import { scoreAirOrOxygen, scoreConsciousness } from './news2-chart.ts';
import type { Spo2Scale } from './spo2-scale.ts';

// Expected scores are read off the RCP NEWS2 2017 chart in docs/reference/clinical.md, both sides of every band.
// Numbers are scored as production scores them: by computeNews2, through the vital's catalogue row
// (its chart table, and for temperature its scored unit, °C to one decimal, from stored tenths of °F).

const scoreOf = (input: News2Input) => computeNews2(input).scores;
const scoreRespiratoryRate = (value: number | null | undefined) =>
  scoreOf({ respiratoryRate: value }).respiratoryRate;
const scoreSystolicBP = (value: number | null | undefined) => scoreOf({ systolicBP: value }).systolicBP;
const scorePulse = (value: number | null | undefined) => scoreOf({ heartRate: value }).pulse;
const scoreSpo2 = (value: number | null | undefined, spo2Scale: Spo2Scale = 1, onOxygen?: boolean | null) =>
  scoreOf({ oxygenLevel: value, spo2Scale, onSupplementalOxygen: onOxygen }).spo2;
const scoreTemperatureC = (celsius: number | null | undefined) =>
  scoreOf({ temperature: typeof celsius === 'number' ? celsiusToTenthsF(celsius) : celsius }).temperature;

describe('respiration rate', () => {
  it.each([
    [0, 3],
    [8, 3],
    [9, 1],
    [11, 1],
    [12, 0],
    [20, 0],
    [21, 2],
    [24, 2],
    [25, 3],
    [40, 3],
    [8.5, 1],
    [20.5, 2],
  ])('RR %s → %s', (value, score) => {
    expect(scoreRespiratoryRate(value)).toBe(score);
  });
});

describe('SpO2 scale 1', () => {
  it.each([
    [70, 3],
    [91, 3],
    [92, 2],
    [93, 2],
    [94, 1],
    [95, 1],
    [96, 0],
    [100, 0],
  ])('SpO2 %s%% → %s (air or oxygen does not matter)', (value, score) => {
    expect(scoreSpo2(value, 1, false)).toBe(score);
    expect(scoreSpo2(value, 1, true)).toBe(score);
    expect(scoreSpo2(value, 1, null)).toBe(score);
  });
});

describe('SpO2 scale 2', () => {
  it.each([
    [80, 3],
    [83, 3],
    [84, 2],
    [85, 2],
    [86, 1],
    [87, 1],
    [88, 0],
    [92, 0],
    [93, 0],
    [97, 0],
    [100, 0],
  ])('on air: SpO2 %s%% → %s', (value, score) => {
    expect(scoreSpo2(value, 2, false)).toBe(score);
  });

  it.each([
    [83, 3],
    [84, 2],
    [85, 2],
    [86, 1],
    [87, 1],
    [88, 0],
    [92, 0],
    [93, 1],
    [94, 1],
    [95, 2],
    [96, 2],
    [97, 3],
    [100, 3],
  ])('on oxygen: SpO2 %s%% → %s', (value, score) => {
    expect(scoreSpo2(value, 2, true)).toBe(score);
  });

  it.each([
    [83, 3],
    [85, 2],
    [87, 1],
    [88, 0],
    [92, 0],
    [93, null],
    [97, null],
  ])('oxygen status unknown: SpO2 %s%% → %s (≥ 93 cannot be determined)', (value, score) => {
    expect(scoreSpo2(value, 2, null)).toBe(score);
    expect(scoreSpo2(value, 2, undefined)).toBe(score);
  });
});

describe('air or oxygen', () => {
  it.each([
    [true, 2],
    [false, 0],
    [null, null],
    [undefined, null],
  ])('on oxygen %s → %s', (value, score) => {
    expect(scoreAirOrOxygen(value)).toBe(score);
  });
});

describe('systolic blood pressure', () => {
  it.each([
    [60, 3],
    [90, 3],
    [91, 2],
    [100, 2],
    [101, 1],
    [110, 1],
    [111, 0],
    [219, 0],
    [220, 3],
    [90.5, 2],
    [219.5, 3],
  ])('SBP %s → %s', (value, score) => {
    expect(scoreSystolicBP(value)).toBe(score);
  });
});

describe('pulse', () => {
  it.each([
    [30, 3],
    [40, 3],
    [41, 1],
    [50, 1],
    [51, 0],
    [90, 0],
    [91, 1],
    [110, 1],
    [111, 2],
    [130, 2],
    [131, 3],
    [180, 3],
    [40.5, 1],
    [90.5, 1],
  ])('pulse %s → %s', (value, score) => {
    expect(scorePulse(value)).toBe(score);
  });
});

describe('consciousness (ACVPU)', () => {
  it.each([
    ['A', 0],
    ['C', 3],
    ['V', 3],
    ['P', 3],
    ['U', 3],
    [null, null],
  ] as const)('%s → %s', (level, score) => {
    expect(scoreConsciousness(level)).toBe(score);
  });
});

describe('temperature °C', () => {
  it.each([
    [34.0, 3],
    [35.0, 3],
    [35.1, 1],
    [36.0, 1],
    [36.1, 0],
    [38.0, 0],
    [38.1, 1],
    [39.0, 1],
    [39.1, 2],
    [41.0, 2],
  ])('%s °C → %s', (value, score) => {
    expect(scoreTemperatureC(value)).toBe(score);
  });

  // Stored in tenths of °F and rounded to one decimal of °C before scoring (docs/reference/clinical.md):
  // 95.0 °F is 35.0 °C; 95.1 °F is 35.06 °C, scored as 35.1.
  it.each([
    [950, 3],
    [951, 1],
    [968, 1],
    [969, 0],
    [1004, 0],
    [1005, 1],
    [1022, 1],
    [1023, 2],
  ])('%s tenths of °F → %s', (tenthsF, score) => {
    expect(scoreOf({ temperature: tenthsF }).temperature).toBe(score);
  });
});

describe('missing or unusable values are not scored', () => {
  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('%s → null', (value) => {
    expect(scoreRespiratoryRate(value)).toBeNull();
    expect(scoreSpo2(value)).toBeNull();
    expect(scoreSystolicBP(value)).toBeNull();
    expect(scorePulse(value)).toBeNull();
    expect(scoreTemperatureC(value)).toBeNull();
  });
});
