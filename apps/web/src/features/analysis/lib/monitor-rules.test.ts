import type { Patient } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { makeDevice, makePatient } from '@/test/patient-factory.ts';
import {
  connectionBadge,
  HIGH_PRIORITY_REFRESH_MS,
  isHighPriorityPatient,
  MONITOR_REFRESH_MS,
  monitorDevice,
  monitorRefresh,
  monitorRefreshMs,
  refreshNote,
  shouldShowMonitor,
} from './monitor-rules.ts';

// NEWS2 0: RR 18, SpO2 99 on air, SBP 120, HR 65, Alert, 37.0 °C (docs/reference/clinical.md worked example).
const CALM = {
  id: 7,
  name: 'Chen Wei',
  oxygenLevel: 99,
  pulse: 65,
  systolicBP: 120,
  diastolicBP: 80,
  temperature: 986,
  respiratoryRate: 18,
  consciousness: 'A',
  onSupplementalOxygen: false,
  spo2Scale: 1,
  lastUpdated: '2026-03-02T12:00:00.000Z',
} satisfies Partial<Patient>;
const calm = makePatient(CALM);
// NEWS2 5 (medium): RR 11, SpO2 95, SBP 110, HR 50, 36.0 °C.
const medium = makePatient({
  ...CALM,
  respiratoryRate: 11,
  oxygenLevel: 95,
  systolicBP: 110,
  pulse: 50,
  temperature: 968,
});
// Red score only (3 for new confusion), total 3: low–medium, not high priority.
const redOnly = makePatient({
  ...CALM,
  respiratoryRate: 16,
  oxygenLevel: 97,
  systolicBP: 125,
  pulse: 80,
  consciousness: 'C',
});
// NEWS2 ≥ 7 (high).
const high = makePatient({
  ...CALM,
  respiratoryRate: 25,
  oxygenLevel: 93,
  systolicBP: 100,
  pulse: 130,
  temperature: 1013,
});

describe('high-priority rule and refresh', () => {
  it.each([
    ['a calm patient', calm, false, 'standard'],
    ['patient 41 (spec point 6), even when calm', makePatient({ ...CALM, id: 41 }), true, 'high-priority'],
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

  it("follows the server's band, not the values", () => {
    const scoredHigh = makePatient({ ...CALM, news2: { total: 8, band: 'high' } });
    expect(monitorRefresh(scoredHigh).reason).toBe('news2');
    expect(shouldShowMonitor(scoredHigh)).toBe(true);
  });

  it('refreshes every 5 minutes, or every minute', () => {
    expect(MONITOR_REFRESH_MS).toBe(300_000);
    expect(HIGH_PRIORITY_REFRESH_MS).toBe(60_000);
  });
});

describe('shouldShowMonitor', () => {
  it.each([
    ['calm, no watch', calm, false],
    ['calm, with a linked device', makePatient({ ...CALM, devices: [makeDevice()] }), true],
    ['NEWS2 medium', medium, true],
    ['NEWS2 high', high, true],
    ['patient 41 without a watch and calm', makePatient({ ...CALM, id: 41 }), false],
  ])('%s → %s', (_, patient, expected) => {
    expect(shouldShowMonitor(patient)).toBe(expected);
  });
});

describe('monitor source and connection badge', () => {
  const badge = (patient: Patient) => connectionBadge(monitorDevice(patient)).label;
  const withDevice = (device: Parameters<typeof makeDevice>[0]) =>
    makePatient({ ...CALM, devices: [makeDevice(device)] });

  it.each([
    ['a Bluetooth device the server holds connected', withDevice({}), 'Real Device Connected'],
    ['a simulated device', withDevice({ simulated: true, connectionType: 'Simulation' }), 'Simulation Mode'],
    ['a device reconnecting', withDevice({ status: 'reconnecting' }), 'Reconnecting'],
    [
      'the bridge',
      withDevice({ connectionType: 'Bridge', deviceName: 'WHOOP 4.0' }),
      'Real Device Connected',
    ],
    ['ward observations', makePatient(CALM), 'Manual observations'],
    ['the demo seed’s data', makePatient({ ...CALM, isDemo: true }), 'Demo data'],
    [
      'values a device sent before its link ended',
      makePatient({ ...CALM, provenance: 'device' }),
      'Device not connected',
    ],
  ])('%s → %s', (_, patient, label) => {
    expect(badge(patient)).toBe(label);
  });

  it('reads a lost device as "Device lost at HH:MM" (24-hour clock), simulated or not', () => {
    const lostAt = new Date(2026, 2, 2, 14, 5).toISOString(); // local time, as the ward reads it
    expect(badge(withDevice({ status: 'lost', lostAt, lostReason: 'not-reporting' }))).toBe(
      'Device lost at 14:05',
    );
    expect(badge(withDevice({ status: 'lost', lostAt, lostReason: 'dropped', simulated: true }))).toBe(
      'Device lost at 14:05',
    );
    expect(connectionBadge(monitorDevice(withDevice({ status: 'lost', lostAt }))).tone).toBe('offline');
  });

  it('never decides by the device name', () => {
    // Named like a demo device, linked as a real one: the link says what it is.
    expect(badge(withDevice({ deviceName: 'Demo Pulse', simulated: false }))).toBe('Real Device Connected');
  });

  it('names the newest device with its battery, or the class of the values when none is linked', () => {
    expect(monitorDevice(withDevice({}))).toMatchObject({
      name: 'Polar H10',
      batteryLevel: 87,
      kind: 'device',
      status: 'connected',
    });
    expect(monitorDevice(calm)).toMatchObject({ name: 'Observation', batteryLevel: null, kind: 'values' });
    expect(
      monitorDevice(
        makePatient({ ...CALM, devices: [makeDevice({ deviceName: null, connectionType: 'WHOOP API' })] }),
      ).name,
    ).toBe('WHOOP');
  });
});
