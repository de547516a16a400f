import type { Patient } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import {
  alertToastDescription,
  connectionLabel,
  deviceForPatient,
  HIGH_PRIORITY_REFRESH_MS,
  isHighPriorityPatient,
  MONITOR_REFRESH_MS,
  monitorInput,
  monitorRefreshMs,
  shouldShowMonitor,
} from './monitor-rules.ts';

// NEWS2 0: RR 18, SpO2 99 on air, SBP 120, HR 65, Alert, 37.0 °C (clinical.md worked example).
const calm: Patient = {
  id: 7,
  name: 'Chen Wei',
  oxygenLevel: 99,
  pulse: 65,
  systolicBP: 120,
  diastolicBP: 80,
  temperature: 986,
  condition: 'Stable',
  lastUpdated: '2026-03-02T12:00:00.000Z',
  hasVitalWatch: false,
  vitalWatchType: null,
  vitalWatchConnected: false,
  respiratoryRate: 18,
  consciousness: 'A',
  onSupplementalOxygen: false,
  spo2Scale: 1,
  createdAt: '2026-03-01T12:00:00.000Z',
};
// NEWS2 5 (medium): RR 11, SpO2 95, SBP 110, HR 50, 36.0 °C.
const medium: Patient = {
  ...calm,
  respiratoryRate: 11,
  oxygenLevel: 95,
  systolicBP: 110,
  pulse: 50,
  temperature: 968,
};
// Red score only (3 for new confusion), total 3: low–medium, not high priority.
const redOnly: Patient = {
  ...calm,
  respiratoryRate: 16,
  oxygenLevel: 97,
  systolicBP: 125,
  pulse: 80,
  consciousness: 'C',
};
// NEWS2 ≥ 7 (high).
const high: Patient = {
  ...calm,
  respiratoryRate: 25,
  oxygenLevel: 93,
  systolicBP: 100,
  pulse: 130,
  temperature: 1013,
};

describe('high-priority rule', () => {
  it.each([
    ['a calm patient', calm, false],
    ['patient 41 (spec point 6), even when calm', { ...calm, id: 41 }, true],
    ['NEWS2 medium', medium, true],
    ['NEWS2 high', high, true],
    ['a red score below 5 (low–medium)', redOnly, false],
  ])('%s → %s', (_, patient, expected) => {
    expect(isHighPriorityPatient(patient)).toBe(expected);
    expect(monitorRefreshMs(patient)).toBe(expected ? HIGH_PRIORITY_REFRESH_MS : MONITOR_REFRESH_MS);
  });

  it('refreshes every 5 minutes, or every minute', () => {
    expect(MONITOR_REFRESH_MS).toBe(300_000);
    expect(HIGH_PRIORITY_REFRESH_MS).toBe(60_000);
  });
});

describe('shouldShowMonitor', () => {
  it.each([
    ['calm, no watch', calm, false],
    ['calm, with a vital watch', { ...calm, hasVitalWatch: true }, true],
    ['NEWS2 medium', medium, true],
    ['NEWS2 high', high, true],
    ['patient 41 without a watch and calm', { ...calm, id: 41 }, false],
  ])('%s → %s', (_, patient, expected) => {
    expect(shouldShowMonitor(patient)).toBe(expected);
  });
});

describe('alertToastDescription', () => {
  it('keeps the headline sentence of the analysis', () => {
    expect(
      alertToastDescription(
        'NEWS2 14: high clinical risk, red score in respiratory rate, SpO2. Abnormal: Temp 39.1 °C > 39.0 (2 points).',
      ),
    ).toBe('NEWS2 14: high clinical risk, red score in respiratory rate, SpO2.');
  });

  it('does not cut at a decimal point, and keeps a text without a full stop', () => {
    expect(alertToastDescription('Temp 39.1 °C is high. More.')).toBe('Temp 39.1 °C is high.');
    expect(alertToastDescription('Patient needs review')).toBe('Patient needs review');
  });

  it('shortens a very long first sentence', () => {
    const long = `${'word '.repeat(80)}end.`;
    const description = alertToastDescription(long);
    expect(description.length).toBe(200);
    expect(description.endsWith('…')).toBe(true);
  });
});

describe('monitor header and colours', () => {
  it.each([
    ['Demo Heart Monitor', 'Simulation Mode'],
    ['Simulation device', 'Simulation Mode'],
    ['WHOOP 4.0', 'Real Device Connected'],
    ['Ward observations', 'Real Device Connected'],
    ['demo (lower case)', 'Real Device Connected'],
  ])('%s → %s', (name, label) => {
    expect(connectionLabel(name)).toBe(label);
  });

  it('names the device from the record until live devices arrive', () => {
    expect(deviceForPatient({ vitalWatchType: null })).toEqual({
      name: 'Ward observations',
      batteryLevel: null,
    });
    expect(deviceForPatient({ vitalWatchType: 'WHOOP' }).name).toBe('WHOOP');
  });

  it('analyses the stored vitals under the API names', () => {
    expect(monitorInput(calm)).toEqual({
      patientId: 7,
      heartRate: 65,
      oxygenLevel: 99,
      systolicBP: 120,
      diastolicBP: 80,
      temperature: 986,
      respiratoryRate: 18,
      consciousness: 'A',
      onSupplementalOxygen: false,
      spo2Scale: 1,
    });
  });
});
