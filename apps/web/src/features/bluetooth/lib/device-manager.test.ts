import type { DeviceLink } from '@vigil/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDeviceLink } from '@/test/device-link-factory.ts';
import { DeviceManager } from './device-manager.ts';

/** Every request the manager makes, as "METHOD /path", answered as the server would. */
let requests: string[];
/** A manager of its own per test: no device held by an earlier test. */
let deviceManager: DeviceManager;

const LINK: DeviceLink = makeDeviceLink({
  id: 41,
  deviceId: 'demo-1',
  deviceName: 'Demo Device (Simulation)',
  connectionType: 'Simulation',
  simulated: true,
  batteryLevel: null,
  linkedAt: '2026-03-02T08:00:00.000Z',
  stateChangedAt: '2026-03-02T08:00:00.000Z',
  lastReadingAt: null,
  lastSeenAt: '2026-03-02T08:00:00.000Z',
});

function answer(method: string, path: string, body: unknown): Response {
  if (method === 'POST' && path === '/api/device-links') {
    const input = body as Pick<DeviceLink, 'deviceId' | 'patientId'>;
    return Response.json({ ...LINK, deviceId: input.deviceId, patientId: input.patientId }, { status: 201 });
  }
  if (method === 'POST' && path === '/api/device-readings') return Response.json({ count: 1, readings: [] });
  if (path.startsWith('/api/device-links/')) return Response.json({ ...LINK, endedAt: LINK.linkedAt });
  return new Response('not expected here', { status: 500 });
}

beforeEach(() => {
  requests = [];
  deviceManager = new DeviceManager();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = new URL(url, 'http://vigil.test').pathname;
      requests.push(`${method} ${path}`);
      return answer(method, path, init.body ? JSON.parse(String(init.body)) : undefined);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the device manager and the one device truth', () => {
  it('connects with one call, the link, and never writes the patient', async () => {
    const device = await deviceManager.connectDemo(7);
    expect(requests[0]).toBe('POST /api/device-links');
    expect(requests.filter((r) => r.includes('/api/device-links'))).toEqual(['POST /api/device-links']);

    await deviceManager.disconnect(device.deviceId);
    expect(requests.filter((r) => r.includes('/api/device-links'))).toEqual([
      'POST /api/device-links',
      'DELETE /api/device-links/41',
    ]);
    // Readings went through the ingest; nothing touched the patient record.
    expect(requests.some((r) => r.startsWith('POST /api/device-readings'))).toBe(true);
    expect(requests.filter((r) => r.includes('/api/patients'))).toEqual([]);
  });

  it('holds nothing when the server refuses the link (a real patient)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        requests.push(`${init.method ?? 'GET'} ${new URL(url, 'http://vigil.test').pathname}`);
        return Response.json(
          {
            error: 'Simulated devices and readings are only for demo patients',
            code: 'SIMULATION_REAL_PATIENT',
          },
          { status: 409 },
        );
      }),
    );
    await expect(deviceManager.connectDemo(8)).rejects.toThrow(/only for demo patients/);
    expect(requests).toEqual(['POST /api/device-links']);
    expect(deviceManager.getSnapshot()).toEqual([]);
  });
});
