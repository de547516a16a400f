import { describe, expect, it } from 'vitest';
import { DASHBOARD_CORE_VITALS } from '../vitals/catalogue.ts';
import {
  criticalReasons,
  DISPLAY_ID_OFFSET,
  dashboardLimitsText,
  dashboardVitalFlags,
  displayPatientId,
  patientPageVitalFlags,
} from './vitals.ts';

const normal = { oxygenLevel: 98, pulse: 72, systolicBP: 120, diastolicBP: 80, temperature: 980 };

describe('displayPatientId (spec point 5)', () => {
  it.each([
    { id: 0, shown: 345345000 },
    { id: 1, shown: 345345001 },
    { id: 41, shown: 345345041 },
  ])('id $id is shown as $shown', ({ id, shown }) => {
    expect(displayPatientId(id)).toBe(shown);
  });

  it('uses the spec offset', () => {
    expect(DISPLAY_ID_OFFSET).toBe(345345000);
  });
});

describe('dashboardVitalFlags (spec point 5, dashboard card)', () => {
  it.each([
    { change: { oxygenLevel: 92 }, key: 'oxygenLevel', flag: 'low' },
    { change: { oxygenLevel: 93 }, key: 'oxygenLevel', flag: null },
    { change: { pulse: 59 }, key: 'heartRate', flag: 'low' },
    { change: { pulse: 60 }, key: 'heartRate', flag: null },
    { change: { pulse: 100 }, key: 'heartRate', flag: null },
    { change: { pulse: 101 }, key: 'heartRate', flag: 'high' },
    { change: { systolicBP: 130 }, key: 'bloodPressure', flag: null },
    { change: { systolicBP: 131 }, key: 'bloodPressure', flag: 'high' },
    { change: { diastolicBP: 85 }, key: 'bloodPressure', flag: null },
    { change: { diastolicBP: 86 }, key: 'bloodPressure', flag: 'high' },
    { change: { temperature: 985 }, key: 'temperature', flag: null },
    { change: { temperature: 986 }, key: 'temperature', flag: 'elevated' },
    { change: { oxygenLevel: null }, key: 'oxygenLevel', flag: null },
    { change: { pulse: null }, key: 'heartRate', flag: null },
    { change: { temperature: null }, key: 'temperature', flag: null },
  ] as const)('$change → $key $flag', ({ change, key, flag }) => {
    expect(dashboardVitalFlags({ ...normal, ...change })[key]).toBe(flag);
  });

  it('flags nothing for normal vitals', () => {
    expect(dashboardVitalFlags(normal)).toEqual({
      oxygenLevel: null,
      heartRate: null,
      bloodPressure: null,
      temperature: null,
    });
  });
});

describe('patientPageVitalFlags (spec point 5, patient page)', () => {
  it.each([
    { change: { pulse: 59 }, key: 'heartRate', flag: 'low' },
    { change: { pulse: 60 }, key: 'heartRate', flag: null },
    { change: { pulse: 100 }, key: 'heartRate', flag: null },
    { change: { pulse: 101 }, key: 'heartRate', flag: 'high' },
    { change: { oxygenLevel: 94 }, key: 'oxygenLevel', flag: 'low' },
    { change: { oxygenLevel: 95 }, key: 'oxygenLevel', flag: null },
    { change: { systolicBP: 140 }, key: 'bloodPressure', flag: null },
    { change: { systolicBP: 141 }, key: 'bloodPressure', flag: 'high' },
    { change: { diastolicBP: 90 }, key: 'bloodPressure', flag: null },
    { change: { diastolicBP: 91 }, key: 'bloodPressure', flag: 'high' },
    { change: { temperature: 995 }, key: 'temperature', flag: null }, // 37.5 °C
    { change: { temperature: 996 }, key: 'temperature', flag: 'high' }, // 37.6 °C
    { change: { temperature: 968 }, key: 'temperature', flag: null }, // 36.0 °C
    { change: { temperature: 967 }, key: 'temperature', flag: 'low' }, // 35.9 °C
    { change: { batteryLevel: 19 }, key: 'battery', flag: 'low' },
    { change: { batteryLevel: 20 }, key: 'battery', flag: null },
    { change: { batteryLevel: null }, key: 'battery', flag: null },
  ] as const)('$change → $key $flag', ({ change, key, flag }) => {
    expect(patientPageVitalFlags({ ...normal, ...change })[key]).toBe(flag);
  });
});

describe('criticalReasons', () => {
  it.each([
    { change: { oxygenLevel: 90 }, reasons: ['Low oxygen (90%)'] },
    { change: { pulse: 55 }, reasons: ['Low pulse (55 bpm)'] },
    { change: { pulse: 112 }, reasons: ['High pulse (112 bpm)'] },
    { change: { systolicBP: 145, diastolicBP: 92 }, reasons: ['High blood pressure (145/92 mmHg)'] },
    { change: { temperature: 1001 }, reasons: ['Elevated temperature (37.8 °C)'] },
    { change: {}, reasons: [] },
    {
      change: { oxygenLevel: 88, pulse: 120 },
      reasons: ['Low oxygen (88%)', 'High pulse (120 bpm)'],
    },
    {
      change: { temperature: 1001, systolicBP: 145, diastolicBP: 92, pulse: 55, oxygenLevel: 90 },
      reasons: [
        'Low oxygen (90%)',
        'Low pulse (55 bpm)',
        'High blood pressure (145/92 mmHg)',
        'Elevated temperature (37.8 °C)',
      ],
    },
    { change: { systolicBP: 145, diastolicBP: null }, reasons: ['High blood pressure (145/-- mmHg)'] },
  ])('$change → $reasons', ({ change, reasons }) => {
    expect(criticalReasons({ ...normal, ...change })).toEqual(reasons);
  });
});

describe('dashboardLimitsText', () => {
  it('names the dashboard limits of each core vital in the dashboard order, from the catalogue rows', () => {
    expect(DASHBOARD_CORE_VITALS.map(dashboardLimitsText)).toEqual([
      'O2 ≤ 92 %',
      'pulse < 60 or > 100',
      'BP > 130/85',
      'temperature ≥ 37.0 °C',
    ]);
  });
});
