import { describe, expect, it } from 'vitest';
import {
  ALERT_LEVELS,
  alertLevelFromNews2,
  compareAlertLevels,
  maxAlertLevel,
  vitalStatusFromScore,
} from './alert.ts';
import { computeNews2 } from './news2.ts';

describe('alertLevelFromNews2', () => {
  it.each([
    { total: 0, redScore: false, level: 'NORMAL' },
    { total: 1, redScore: false, level: 'ATTENTION' },
    { total: 4, redScore: false, level: 'ATTENTION' },
    { total: 3, redScore: true, level: 'URGENT' },
    { total: 4, redScore: true, level: 'URGENT' },
    { total: 5, redScore: false, level: 'URGENT' },
    { total: 6, redScore: false, level: 'URGENT' },
    { total: 7, redScore: false, level: 'CRITICAL' },
    { total: 20, redScore: true, level: 'CRITICAL' },
  ])('total $total, red $redScore → $level', ({ total, redScore, level }) => {
    expect(alertLevelFromNews2({ total, redScore, missing: [] })).toBe(level);
  });

  it('is never NORMAL when nothing was recorded', () => {
    expect(alertLevelFromNews2(computeNews2({}))).toBe('ATTENTION');
  });

  it('is NORMAL for a partial score of 0 (the incompleteness is reported elsewhere)', () => {
    expect(alertLevelFromNews2(computeNews2({ heartRate: 70 }))).toBe('NORMAL');
  });
});

describe('vitalStatusFromScore', () => {
  it.each([
    [0, 'NORMAL'],
    [1, 'ATTENTION'],
    [2, 'ATTENTION'],
    [3, 'CRITICAL'],
    [null, 'UNKNOWN'],
    [undefined, 'UNKNOWN'],
    [Number.NaN, 'UNKNOWN'],
  ])('score %s → %s', (score, status) => {
    expect(vitalStatusFromScore(score)).toBe(status);
  });
});

describe('compareAlertLevels and maxAlertLevel', () => {
  it.each([
    ['NORMAL', 'ATTENTION', -1],
    ['ATTENTION', 'URGENT', -1],
    ['URGENT', 'CRITICAL', -1],
    ['CRITICAL', 'NORMAL', 1],
    ['URGENT', 'URGENT', 0],
  ] as const)('%s vs %s → sign %s', (a, b, sign) => {
    expect(Math.sign(compareAlertLevels(a, b))).toBe(sign);
  });

  it('orders ALERT_LEVELS from lowest to highest', () => {
    expect([...ALERT_LEVELS].sort(compareAlertLevels)).toEqual(['NORMAL', 'ATTENTION', 'URGENT', 'CRITICAL']);
  });

  it.each([
    [['NORMAL'], 'NORMAL'],
    [['NORMAL', 'CRITICAL'], 'CRITICAL'],
    [['URGENT', 'ATTENTION'], 'URGENT'],
    [['ATTENTION', 'NORMAL', 'URGENT', 'ATTENTION'], 'URGENT'],
  ] as const)('max of %j → %s', (levels, max) => {
    const [first, ...rest] = levels;
    expect(maxAlertLevel(first, ...rest)).toBe(max);
  });

  it.each(ALERT_LEVELS.flatMap((rule) => ALERT_LEVELS.map((model) => ({ rule, model }))))(
    'a model level $model never lowers the rule level $rule',
    ({ rule, model }) => {
      expect(compareAlertLevels(maxAlertLevel(rule, model), rule)).toBeGreaterThanOrEqual(0);
    },
  );
});
