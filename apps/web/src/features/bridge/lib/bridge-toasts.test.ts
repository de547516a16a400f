import type { BridgeEvent } from '@vigil/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BridgeNotice } from './bridge-client.ts';
import { BRIDGE_CONNECT_FAILED } from './bridge-client.ts';
import {
  afterNotice,
  type BridgeRequest,
  type BridgeRequests,
  NO_BRIDGE_REQUESTS,
  withRequest,
} from './bridge-requests.ts';
import { bridgeToast, SCANNING_STARTED } from './bridge-toasts.ts';
import { bridgeDevice } from './test-fixtures.ts';

let shown: [kind: 'success' | 'error', title: string, description?: string][];
/** What the page asked for, kept as useBridge keeps it: the toasts only read it. */
let requests: BridgeRequests;
const ask = (request: BridgeRequest) => {
  requests = withRequest(requests, request);
};
const toasts = {
  onNotice(notice: BridgeNotice) {
    const toast = bridgeToast(notice, requests);
    requests = afterNotice(requests, notice);
    if (toast) shown.push([toast.tone, toast.title, toast.description]);
  },
};
const event = (e: BridgeEvent) => toasts.onNotice({ kind: 'event', event: e });

beforeEach(() => {
  shown = [];
  requests = NO_BRIDGE_REQUESTS;
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
    ask({ kind: 'scan' });
    event({ type: 'scanStatus', scanning: true, adapterState: 'poweredOn', simulation: true });
    event({ type: 'scanStatus', scanning: true, adapterState: 'poweredOn', simulation: true });
    expect(shown).toEqual([['success', 'Scanning Started', SCANNING_STARTED]]);
  });

  it('toasts device connects and disconnects this page asked for', () => {
    const device = bridgeDevice({ id: 'dev-1', name: null, patientId: 12 });
    event({ type: 'deviceConnected', device });
    ask({ kind: 'connect', deviceId: 'dev-1' });
    event({ type: 'deviceConnected', device });
    ask({ kind: 'disconnect', deviceId: 'dev-1' });
    event({ type: 'deviceDisconnected', device, reason: null, reconnecting: false });
    expect(shown).toEqual([
      ['success', 'Device Connected', 'Unknown Device is connected to the bridge.'],
      ['success', 'Device Disconnected', 'Successfully disconnected device for patient ID 12'],
    ]);
  });

  it('says "Success" when the bridge confirms the link to the chosen patient', () => {
    ask({ kind: 'sync', deviceId: 'dev-1', pending: { patientId: 7, patientName: 'Ada Lovelace' } });
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
    ask({ kind: 'sync', deviceId: 'dev-1', pending: { patientId: 7, patientName: 'Ada Lovelace' } });
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

  it('shows nothing for a message the schema refused', () => {
    toasts.onNotice({ kind: 'invalidMessage', message: 'The event is not valid JSON' });
    expect(shown).toEqual([]);
  });

  it('forgets everything the page asked for when the bridge is lost', () => {
    ask({ kind: 'connect', deviceId: 'dev-1' });
    ask({ kind: 'sync', deviceId: 'dev-1', pending: { patientId: 7, patientName: 'Ada Lovelace' } });
    toasts.onNotice({ kind: 'lost' });
    expect(requests).toBe(NO_BRIDGE_REQUESTS);
  });

  it('keeps no state of its own: the same notice and requests give the same toast', () => {
    const asked = withRequest(NO_BRIDGE_REQUESTS, { kind: 'connect', deviceId: 'dev-1' });
    const notice: BridgeNotice = {
      kind: 'event',
      event: { type: 'deviceConnected', device: bridgeDevice({ id: 'dev-1' }) },
    };
    expect(bridgeToast(notice, asked)).toEqual(bridgeToast(notice, asked));
    expect(bridgeToast(notice, NO_BRIDGE_REQUESTS)).toBeNull();
  });
});
