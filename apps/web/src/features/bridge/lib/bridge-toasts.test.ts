import type { BridgeEvent } from '@vigil/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_CONNECT_FAILED } from './bridge-client.ts';
import { BridgeToasts, SCANNING_STARTED } from './bridge-toasts.ts';
import { bridgeDevice } from './test-fixtures.ts';

let shown: [kind: 'success' | 'error', title: string, description?: string][];
let toasts: BridgeToasts;
const event = (e: BridgeEvent) => toasts.onNotice({ kind: 'event', event: e });

beforeEach(() => {
  shown = [];
  toasts = new BridgeToasts({
    success: (title, description) => shown.push(['success', title, description]),
    error: (title, description) => shown.push(['error', title, description]),
  });
});

describe('bridge toasts (spec point 8)', () => {
  it('announces the connection, a failed connect and a lost bridge', () => {
    toasts.onNotice({ kind: 'connected', reconnected: false });
    toasts.onNotice({ kind: 'connectFailed', message: BRIDGE_CONNECT_FAILED });
    toasts.onNotice({ kind: 'lost' });
    expect(shown.map(([kind, title]) => [kind, title])).toEqual([
      ['success', 'Bridge Connected'],
      ['error', 'Connection Failed'],
      ['error', 'Connection Failed'],
    ]);
    expect(shown[1]![2]).toBe('Failed to connect to Bluetooth bridge server');
    expect(shown[2]![2]).toMatch(/5 attempts to reconnect failed/);
  });

  it('says "Scanning Started" once the bridge scans for this page, not for another page', () => {
    event({ type: 'scanStatus', scanning: true, adapterState: 'poweredOn', simulation: true });
    expect(shown).toEqual([]);
    toasts.scanRequested = true;
    event({ type: 'scanStatus', scanning: true, adapterState: 'poweredOn', simulation: true });
    event({ type: 'scanStatus', scanning: true, adapterState: 'poweredOn', simulation: true });
    expect(shown).toEqual([['success', 'Scanning Started', SCANNING_STARTED]]);
  });

  it('toasts device connects and disconnects this page asked for', () => {
    const device = bridgeDevice({ id: 'dev-1', name: null, patientId: 12 });
    event({ type: 'deviceConnected', device });
    toasts.connectRequested.add('dev-1');
    event({ type: 'deviceConnected', device });
    toasts.disconnectRequested.add('dev-1');
    event({ type: 'deviceDisconnected', device, reason: null, reconnecting: false });
    expect(shown).toEqual([
      ['success', 'Device Connected', 'Unknown Device is connected to the bridge.'],
      ['success', 'Device Disconnected', 'Successfully disconnected device for patient ID 12'],
    ]);
  });

  it('says "Success" when the bridge confirms the link to the chosen patient', () => {
    toasts.syncRequested.set('dev-1', { patientId: 7, patientName: 'Ada Lovelace' });
    event({
      type: 'deviceUpdated',
      device: bridgeDevice({ id: 'dev-1', name: 'Polar H10', patientId: null }),
    });
    expect(shown).toEqual([]);
    event({ type: 'deviceUpdated', device: bridgeDevice({ id: 'dev-1', name: 'Polar H10', patientId: 7 }) });
    event({ type: 'deviceUpdated', device: bridgeDevice({ id: 'dev-1', name: 'Polar H10', patientId: 7 }) });
    expect(shown).toEqual([
      ['success', 'Success', "Readings from Polar H10 now go to Ada Lovelace's record."],
    ]);
  });

  it('shows every bridge error as "Bridge Error" and drops what was pending for that device', () => {
    toasts.syncRequested.set('dev-1', { patientId: 7, patientName: 'Ada Lovelace' });
    event({
      type: 'error',
      code: 'ENDPOINT_NOT_ALLOWED',
      message: 'Readings may only go to http://127.0.0.1:5000/api/device-readings',
      deviceId: 'dev-1',
    });
    event({ type: 'deviceUpdated', device: bridgeDevice({ id: 'dev-1', patientId: 7 }) });
    expect(shown).toEqual([
      ['error', 'Bridge Error', 'Readings may only go to http://127.0.0.1:5000/api/device-readings'],
    ]);
  });

  it('ignores a message the schema refused, leaving a trace for whoever runs the bridge', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    toasts.onNotice({ kind: 'invalidMessage', message: 'The event is not valid JSON' });
    expect(shown).toEqual([]);
    expect(warn).toHaveBeenCalledWith('Bridge message ignored: The event is not valid JSON');
    warn.mockRestore();
  });
});
