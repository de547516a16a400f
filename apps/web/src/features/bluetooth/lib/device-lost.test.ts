import { describe, expect, it } from 'vitest';
import { deviceLostText, devicesThatGaveUp } from './device-lost.ts';
import type { LocalDevice } from './device-manager.ts';

const device = (deviceId: string, status: LocalDevice['state']['status']): LocalDevice => ({
  deviceId,
  deviceName: `Device ${deviceId}`,
  patientId: 1,
  isSimulated: false,
  linkId: 3,
  sendError: null,
  state: {
    status,
    reconnectAttempt: null,
    services: [],
    model: null,
    batteryLevel: null,
    latest: {},
    lastReadingAt: null,
  },
});

describe('a device that gave up reconnecting', () => {
  it('is noticed once, when it gives up', () => {
    const before = new Map([
      ['a', 'disconnected' as const],
      ['b', 'gave-up' as const],
      ['c', 'connected' as const],
    ]);
    const now = [
      device('a', 'gave-up'),
      device('b', 'gave-up'),
      device('c', 'disconnected'),
      device('d', 'gave-up'),
    ];
    expect(devicesThatGaveUp(before, now).map((d) => d.deviceId)).toEqual(['a', 'd']);
  });

  it('says which device, whose, and what to do', () => {
    expect(deviceLostText({ deviceName: 'Heart Monitor HRM-1' }, 'Ada Lovelace', 5)).toEqual({
      title: 'Device lost',
      description:
        'Heart Monitor HRM-1 (Ada Lovelace) stopped sending: gave up after 5 reconnect attempts. Check the device and connect it again.',
    });
  });
});
