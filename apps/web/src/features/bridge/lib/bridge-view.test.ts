import { describe, expect, it } from 'vitest';
import { applyBridgeEvent, EMPTY_BRIDGE_VIEW } from './bridge-view.ts';
import { bridgeDevice } from './test-fixtures.ts';

const T1 = '2026-11-23T10:00:01.250Z';

describe('bridge view', () => {
  it('lists, adds and replaces devices in the order first reported', () => {
    const a = bridgeDevice({ id: 'aa' });
    const b = bridgeDevice({ id: 'bb', name: null });
    let view = applyBridgeEvent(EMPTY_BRIDGE_VIEW, { type: 'deviceList', devices: [a] });
    view = applyBridgeEvent(view, { type: 'deviceFound', device: b });
    view = applyBridgeEvent(view, {
      type: 'deviceConnected',
      device: { ...a, connected: true, connectionState: 'connected', wanted: true },
    });
    expect(view.devices.map((d) => [d.id, d.connected])).toEqual([
      ['aa', true],
      ['bb', false],
    ]);
    view = applyBridgeEvent(view, {
      type: 'deviceDisconnected',
      device: { ...a, connected: false },
      reason: 'out of range',
      reconnecting: true,
    });
    expect(view.devices[0]!.connected).toBe(false);
  });

  it('applies heart rate, battery and other vitals to their device with the reading time', () => {
    let view = applyBridgeEvent(EMPTY_BRIDGE_VIEW, {
      type: 'deviceList',
      devices: [bridgeDevice({ connected: true, stale: true })],
    });
    view = applyBridgeEvent(view, {
      type: 'heartRateUpdate',
      deviceId: 'sim-hr-0001',
      heartRate: 74,
      readingTime: T1,
      simulated: true,
    });
    view = applyBridgeEvent(view, {
      type: 'batteryUpdate',
      deviceId: 'sim-hr-0001',
      batteryLevel: 88,
      readingTime: T1,
      simulated: true,
    });
    view = applyBridgeEvent(view, {
      type: 'vitalsUpdate',
      deviceId: 'sim-hr-0001',
      readingTime: '2026-11-23T10:00:02.000Z',
      simulated: true,
      oxygenLevel: 97,
    });
    expect(view.devices[0]).toMatchObject({
      heartRate: 74,
      batteryLevel: 88,
      oxygenLevel: 97,
      stale: false,
      lastUpdated: '2026-11-23T10:00:02.000Z',
    });
  });

  it('ignores values of a device it was not told about, and errors', () => {
    const view = applyBridgeEvent(EMPTY_BRIDGE_VIEW, {
      type: 'heartRateUpdate',
      deviceId: 'nobody',
      heartRate: 70,
      readingTime: T1,
      simulated: false,
    });
    expect(view).toBe(EMPTY_BRIDGE_VIEW);
    expect(applyBridgeEvent(view, { type: 'error', code: 'SCAN_FAILED', message: 'Bluetooth is off' })).toBe(
      view,
    );
  });

  it('takes scanning, adapter state and simulation from scanStatus', () => {
    const view = applyBridgeEvent(EMPTY_BRIDGE_VIEW, {
      type: 'scanStatus',
      scanning: true,
      adapterState: 'poweredOn',
      simulation: true,
    });
    expect(view).toMatchObject({ scanning: true, adapterState: 'poweredOn', simulation: true });
  });
});
