import { DEVICE_LINK_LEASE_MS, type DeviceLink } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import type { LocalDevice } from './device-manager.ts';
import { deviceRows, hasRealConnection, rowStatus } from './device-rows.ts';
import type { DeviceSessionState } from './device-session.ts';

const link = (over: Partial<DeviceLink> = {}): DeviceLink => ({
  id: 1,
  patientId: 7,
  deviceId: 'abcdefghijk',
  deviceName: 'Heart Monitor',
  connectionType: 'Bluetooth',
  simulated: false,
  state: 'connected',
  batteryLevel: 80,
  linkedAt: '2026-11-23T10:00:00.000Z',
  linkedBy: 1,
  stateChangedAt: '2026-11-23T10:00:00.000Z',
  lastReadingAt: '2026-11-23T10:05:00.000Z',
  lastSeenAt: '2026-11-23T10:06:00.000Z',
  endedAt: null,
  ...over,
});
/** Half a minute after the link's last heartbeat. */
const NOW = Date.parse('2026-11-23T10:06:30.000Z');
const state = (over: Partial<DeviceSessionState> = {}): DeviceSessionState => ({
  status: 'connected',
  reconnectAttempt: null,
  services: ['Heart Rate'],
  model: null,
  batteryLevel: 77,
  latest: {},
  lastReadingAt: Date.parse('2026-11-23T10:06:00.000Z'),
  ...over,
});
const local = (over: Partial<LocalDevice> = {}): LocalDevice => ({
  deviceId: 'abcdefghijk',
  deviceName: 'Heart Monitor',
  patientId: 7,
  isSimulated: false,
  linkId: 1,
  state: state(),
  sendError: null,
  ...over,
});

describe('deviceRows', () => {
  it('merges this browser’s session into the server link, its battery and last reading the freshest', () => {
    const [row, ...rest] = deviceRows([link()], [local()]);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ batteryLevel: 77, lastReadingAt: Date.parse('2026-11-23T10:06:00.000Z') });
    expect(rowStatus(row!, NOW)).toEqual({ label: 'Connected (Real Device)', tone: 'green', detail: null });
    expect(hasRealConnection(row!, NOW)).toBe(true);
  });

  it('lists a link held elsewhere as plain Connected, and a session not registered yet', () => {
    const rows = deviceRows([link()], [local({ deviceId: 'other-device', linkId: null })]);
    expect(rows.map((r) => rowStatus(r, NOW).label)).toEqual(['Connected', 'Connected (Real Device)']);
    expect(rowStatus(rows[0]!, NOW).detail).toBe('Sending from another window or computer');
  });
});

describe('rowStatus (decision 010)', () => {
  it.each([
    [
      local({ state: state({ status: 'disconnected', reconnectAttempt: 2 }) }),
      'Disconnected',
      'Reconnecting (attempt 2 of 5)',
    ],
    [local({ state: state({ status: 'gave-up' }) }), 'Disconnected', 'Gave up after 5 reconnect attempts'],
    [local({ isSimulated: true }), 'Simulation Mode', null],
  ])('%#', (device, label, detail) => {
    const [row] = deviceRows([], [device]);
    expect(rowStatus(row!, NOW)).toMatchObject({ label, detail });
  });

  it('never shows GATT badges for a simulated or dropped device', () => {
    expect(
      hasRealConnection(deviceRows([link({ simulated: true, connectionType: 'Simulation' })], [])[0]!, NOW),
    ).toBe(false);
    expect(hasRealConnection(deviceRows([link({ state: 'reconnecting' })], [])[0]!, NOW)).toBe(false);
    expect(rowStatus(deviceRows([link({ state: 'reconnecting' })], [])[0]!, NOW).label).toBe('Disconnected');
  });
});

describe('a link whose holding browser has gone quiet', () => {
  it('reads "Not reporting" past the lease, with no GATT badges, and Connected again once heard from', () => {
    const quiet = Date.parse('2026-11-23T10:06:00.000Z') + DEVICE_LINK_LEASE_MS + 1;
    const [row] = deviceRows([link()], []);
    expect(rowStatus(row!, quiet)).toMatchObject({ label: 'Not reporting', tone: 'red' });
    expect(rowStatus(row!, quiet).detail).toMatch(
      /^Nothing since \S+.*: the window or computer holding it may be closed$/,
    );
    expect(hasRealConnection(row!, quiet)).toBe(false);
    const [heard] = deviceRows([link({ lastSeenAt: new Date(quiet - 5_000).toISOString() })], []);
    expect(rowStatus(heard!, quiet).label).toBe('Connected');
    // This browser's own device is judged by its own session, not by the lease.
    const [mine] = deviceRows([link()], [local()]);
    expect(rowStatus(mine!, quiet).label).toBe('Connected (Real Device)');
  });
});
