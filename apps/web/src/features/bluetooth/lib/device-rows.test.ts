import { describe, expect, it } from 'vitest';
import { makeDeviceLink } from '@/test/device-link-factory.ts';
import type { LocalDevice } from './device-manager.ts';
import { deviceRows, hasRealConnection, rowStatus } from './device-rows.ts';
import type { DeviceSessionState } from './device-session.ts';

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
    const [row, ...rest] = deviceRows([makeDeviceLink()], [local()]);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ batteryLevel: 77, lastReadingAt: Date.parse('2026-11-23T10:06:00.000Z') });
    expect(rowStatus(row!)).toEqual({ label: 'Connected (Real Device)', tone: 'green', detail: null });
    expect(hasRealConnection(row!)).toBe(true);
  });

  it('lists a link held elsewhere as plain Connected, and a session not registered yet', () => {
    const rows = deviceRows([makeDeviceLink()], [local({ deviceId: 'other-device', linkId: null })]);
    expect(rows.map((r) => rowStatus(r).label)).toEqual(['Connected', 'Connected (Real Device)']);
    expect(rowStatus(rows[0]!).detail).toBe('Sending from another window or computer');
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
    expect(rowStatus(row!)).toMatchObject({ label, detail });
  });

  it('never shows GATT badges for a simulated or dropped device', () => {
    expect(
      hasRealConnection(
        deviceRows([makeDeviceLink({ simulated: true, connectionType: 'Simulation' })], [])[0]!,
      ),
    ).toBe(false);
    const reconnecting = makeDeviceLink({ state: 'reconnecting', status: 'reconnecting' });
    expect(hasRealConnection(deviceRows([reconnecting], [])[0]!)).toBe(false);
    expect(rowStatus(deviceRows([reconnecting], [])[0]!).label).toBe('Disconnected');
  });
});

describe('a link the server marks lost', () => {
  const lostAt = new Date(2026, 10, 23, 10, 7).toISOString(); // 10:07 on the ward's clock

  it('reads "Not reporting" with the time it was lost, from the server\'s status, with no GATT badges', () => {
    const [row] = deviceRows([makeDeviceLink({ status: 'lost', lostAt, lostReason: 'not-reporting' })], []);
    expect(rowStatus(row!)).toEqual({
      label: 'Not reporting',
      tone: 'red',
      detail: 'Device lost at 10:07: the window or computer holding it may be closed',
    });
    expect(hasRealConnection(row!)).toBe(false);
  });

  it('reads "Disconnected" for a link whose browser gave up reconnecting', () => {
    const [row] = deviceRows(
      [makeDeviceLink({ state: 'disconnected', status: 'lost', lostAt, lostReason: 'dropped' })],
      [],
    );
    expect(rowStatus(row!)).toMatchObject({
      label: 'Disconnected',
      detail: 'Device lost at 10:07: reconnecting gave up',
    });
  });

  it("never decides silence by this screen's clock: a link the server calls connected is Connected", () => {
    // Heard from long ago by the timestamps, but the server has not marked it lost.
    const [row] = deviceRows(
      [makeDeviceLink({ lastSeenAt: '2026-11-23T08:00:00.000Z', lastReadingAt: null })],
      [],
    );
    expect(rowStatus(row!).label).toBe('Connected');
  });

  it("judges this browser's own device by its own session", () => {
    const [mine] = deviceRows(
      [makeDeviceLink({ status: 'lost', lostAt, lostReason: 'not-reporting' })],
      [local()],
    );
    expect(rowStatus(mine!).label).toBe('Connected (Real Device)');
  });
});

describe('a link made through the API shows "GATT Connected" in a browser holding no connection (issue 40 item 9)', () => {
  it('shows the GATT badges only for a device this browser holds', () => {
    const [elsewhere] = deviceRows([makeDeviceLink({ connectionType: 'Bluetooth' })], []);
    expect(rowStatus(elsewhere!).label).toBe('Connected');
    expect(hasRealConnection(elsewhere!)).toBe(false);
    const [held] = deviceRows([makeDeviceLink()], [local()]);
    expect(hasRealConnection(held!)).toBe(true);
  });
});
