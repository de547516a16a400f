import { describe, expect, it } from 'vitest';
import {
  BRIDGE_MAX_MESSAGE_BYTES,
  type BridgeDevice,
  type BridgeEvent,
  bridgeSubprotocols,
} from './protocol.ts';
import { parseBridgeAction, parseBridgeEvent } from './protocol-parse.ts';

const token = `vgl_dev_${'a'.repeat(43)}`;

describe('parseBridgeAction', () => {
  it.each([
    [{ type: 'startScan' }],
    [{ type: 'stopScan' }],
    [{ type: 'connect', deviceId: 'a1b2c3d4e5f6' }],
    [{ type: 'disconnect', deviceId: 'sim-3f2a-heart-rate' }],
    [
      {
        type: 'sendToCloud',
        deviceId: 'a1b2c3d4e5f6',
        endpoint: 'http://localhost:5000/api/device-readings',
        patientId: 7,
        deviceToken: token,
      },
    ],
    [
      {
        type: 'sendToCloud',
        deviceId: 'a1b2c3d4e5f6',
        endpoint: 'http://localhost:5000/api/device-readings',
        patientId: 7,
        deviceToken: token,
        deviceTokenExpiresAt: '2026-04-01T08:00:00.000Z',
      },
    ],
  ])('accepts %j', (action) => {
    expect(parseBridgeAction(JSON.stringify(action))).toEqual({ ok: true, value: action });
  });

  it.each([
    ['not json', 'INVALID_MESSAGE', 'not valid JSON'],
    ['[1,2]', 'INVALID_MESSAGE', 'JSON object with a "type"'],
    ['null', 'INVALID_MESSAGE', 'JSON object with a "type"'],
    ['{"deviceId":"x"}', 'UNKNOWN_ACTION', 'type missing; expected one of startScan'],
    ['{"type":"format-disk"}', 'UNKNOWN_ACTION', 'type "format-disk"'],
    ['{"type":"connect"}', 'INVALID_MESSAGE', 'connect.deviceId: deviceId must be the id'],
    ['{"type":"connect","deviceId":"../../etc"}', 'INVALID_MESSAGE', 'connect.deviceId'],
    [
      JSON.stringify({
        type: 'sendToCloud',
        deviceId: 'a1',
        endpoint: 'http://localhost:5000/api/device-readings',
        patientId: 1.5,
        deviceToken: token,
      }),
      'INVALID_MESSAGE',
      'sendToCloud.patientId: patientId must be a whole number',
    ],
    [
      JSON.stringify({
        type: 'sendToCloud',
        deviceId: 'a1',
        endpoint: 'http://localhost:5000/api/device-readings',
        patientId: 3,
        deviceToken: 'vgl_sess_abc',
      }),
      'INVALID_MESSAGE',
      'sendToCloud.deviceToken: deviceToken must be a device token (vgl_dev_…)',
    ],
    [
      JSON.stringify({
        type: 'sendToCloud',
        deviceId: 'a1',
        endpoint: 'nope',
        patientId: 3,
        deviceToken: token,
      }),
      'INVALID_MESSAGE',
      'sendToCloud.endpoint',
    ],
  ])('refuses %s with %s', (text, code, message) => {
    const result = parseBridgeAction(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(code);
    expect(result.error.message).toContain(message);
  });

  it('names only the start of an absurdly long unknown type', () => {
    const result = parseBridgeAction(JSON.stringify({ type: 'x'.repeat(5000) }));
    expect(result.ok || result.error.message.length).toBeLessThan(200);
  });
});

const device: BridgeDevice = {
  id: 'sim-3f2a-heart-rate',
  name: 'Simulated Heart Rate Monitor',
  connected: true,
  heartRate: 72,
  batteryLevel: 87,
  lastUpdated: '2026-03-02T08:00:00.000Z',
  simulated: true,
  connectionState: 'connected',
  wanted: true,
  stale: false,
  rssi: null,
  model: 'VGL-SIM-HRM',
  oxygenLevel: null,
  systolicBP: null,
  diastolicBP: null,
  temperature: null,
  patientId: 4,
  sync: {
    patientId: 4,
    status: 'uploading',
    pendingReadings: 3,
    uploadedReadings: 10,
    rejectedReadings: 0,
    lastUploadAt: '2026-03-02T08:00:00.000Z',
    lastError: null,
  },
};

describe('BridgeEvent', () => {
  it.each<BridgeEvent>([
    { type: 'deviceList', devices: [device] },
    { type: 'deviceFound', device },
    { type: 'deviceConnected', device },
    {
      type: 'deviceDisconnected',
      device: { ...device, heartRate: null },
      reason: 'link lost',
      reconnecting: true,
    },
    { type: 'deviceUpdated', device: { ...device, stale: true } },
    {
      type: 'heartRateUpdate',
      deviceId: device.id,
      heartRate: 72,
      rrIntervalsMs: [1000],
      readingTime: '2026-03-02T08:00:00.001Z',
      simulated: true,
    },
    {
      type: 'batteryUpdate',
      deviceId: device.id,
      batteryLevel: 87,
      readingTime: device.lastUpdated!,
      simulated: true,
    },
    {
      type: 'vitalsUpdate',
      deviceId: device.id,
      readingTime: device.lastUpdated!,
      simulated: false,
      temperature: 986,
    },
    { type: 'scanStatus', scanning: false, adapterState: 'unsupported', simulation: false },
    { type: 'error', code: 'ADAPTER_UNAVAILABLE', message: 'Bluetooth is off' },
  ])('$type survives the wire', (event) => {
    const text = JSON.stringify(event);
    expect(text.length).toBeLessThan(BRIDGE_MAX_MESSAGE_BYTES);
    expect(parseBridgeEvent(text)).toEqual({ ok: true, value: event });
  });

  it('refuses an event of the wrong shape instead of guessing', () => {
    const result = parseBridgeEvent(
      JSON.stringify({ type: 'batteryUpdate', deviceId: 'x', batteryLevel: 150 }),
    );
    expect(result.ok).toBe(false);
  });
});

describe('bridgeSubprotocols', () => {
  it('offers the protocol and the pairing token', () => {
    expect(bridgeSubprotocols('abc')).toEqual(['vigil-bridge.v1', 'vigil-pair.abc']);
  });
});
