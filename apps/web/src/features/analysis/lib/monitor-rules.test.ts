import type { Patient } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import {
  alertToastDescription,
  connectionBadge,
  HIGH_PRIORITY_REFRESH_MS,
  isHighPriorityPatient,
  MONITOR_REFRESH_MS,
  monitorDevice,
  monitorInput,
  monitorRefresh,
  monitorRefreshMs,
  refreshNote,
  shouldShowMonitor,
} from './monitor-rules.ts';

// NEWS2 0: RR 18, SpO2 99 on air, SBP 120, HR 65, Alert, 37.0 °C (docs/reference/clinical.md worked example).
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

describe('high-priority rule and refresh', () => {
  it.each([
    ['a calm patient', calm, false, 'standard'],
    ['patient 41 (spec point 6), even when calm', { ...calm, id: 41 }, true, 'high-priority'],
    ['NEWS2 medium: faster, but not the special patient', medium, false, 'news2'],
    ['NEWS2 high: faster, but not the special patient', high, false, 'news2'],
    ['a red score below 5 (low–medium)', redOnly, false, 'standard'],
  ] as const)('%s → %s, %s', (_, patient, special, reason) => {
    expect(isHighPriorityPatient(patient)).toBe(special);
    expect(monitorRefresh(patient).reason).toBe(reason);
    expect(monitorRefreshMs(patient)).toBe(
      reason === 'standard' ? MONITOR_REFRESH_MS : HIGH_PRIORITY_REFRESH_MS,
    );
  });

  it('labels the faster refresh for what it is', () => {
    expect(refreshNote('high-priority', 'low')).toBe(
      'High-priority patient: analysis refreshes every minute.',
    );
    expect(refreshNote('news2', 'high')).toBe('Refreshes every minute while NEWS2 is high.');
    expect(refreshNote('news2', 'medium')).toBe('Refreshes every minute while NEWS2 is medium.');
    expect(refreshNote('standard', 'low')).toBe('Refreshes every 5 minutes.');
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

describe('monitor source and connection badge', () => {
  const NOW = Date.parse('2026-03-02T12:00:00.000Z');
  const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
  const reading = (connectionType: string | null, deviceName: string | null, minutesAgo = 1) => ({
    connectionType,
    deviceName,
    batteryLevel: deviceName ? 80 : null,
    readingTime: at(minutesAgo),
  });
  const badge = (patient: Patient, latest: Parameters<typeof monitorDevice>[1]) =>
    connectionBadge(monitorDevice(patient, latest, NOW)).label;

  it.each([
    ['ward observations', reading('manual', 'Ward observations'), 'Manual observations'],
    ['no reading and no watch', null, 'Manual observations'],
    ['a simulated device', reading('Simulation', 'Simulation Heart Monitor'), 'Simulation Mode'],
    ['a Demo device over Bluetooth', reading('Bluetooth', 'Demo Pulse'), 'Simulation Mode'],
    ['a Bluetooth reading a minute ago', reading('Bluetooth', 'Polar H10'), 'Real Device Connected'],
    ['a Bluetooth reading an hour ago', reading('Bluetooth', 'Polar H10', 60), 'Device not connected'],
    ['a bridge reading just now', reading('Bridge', 'WHOOP 4.0'), 'Real Device Connected'],
    ['a WHOOP API reading 2 h ago', reading('WHOOP API', 'WHOOP Device', 120), 'Device not connected'],
    ['an unknown source', reading('fax', null), 'Source unknown'],
  ])('%s → %s', (_, latest, label) => {
    expect(badge(calm, latest)).toBe(label);
  });

  it('a WHOOP on record is connected only when the record says so', () => {
    const whoop = { ...calm, hasVitalWatch: true, vitalWatchType: 'WHOOP' };
    expect(badge(whoop, null)).toBe('Device not connected');
    expect(badge({ ...whoop, vitalWatchConnected: true }, null)).toBe('Real Device Connected');
    // An old reading from a device the record calls connected: connected.
    expect(badge({ ...whoop, vitalWatchConnected: true }, reading('WHOOP API', 'WHOOP', 120))).toBe(
      'Real Device Connected',
    );
  });

  it('names the device, or the source when there is none', () => {
    expect(monitorDevice(calm, reading('manual', null), NOW)).toMatchObject({
      name: 'Ward observations',
      source: 'manual',
    });
    expect(monitorDevice(calm, reading('Bluetooth', 'Polar H10'), NOW)).toMatchObject({
      name: 'Polar H10',
      batteryLevel: 80,
      source: 'bluetooth',
      isConnected: true,
    });
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
