// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { DeviceLink } from '@vigil/domain';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { makeDeviceLink } from '@/test/device-link-factory.ts';
import { bridgeDevice, FakeSocket } from '../lib/test-fixtures.ts';
import { useBridge } from './use-bridge.ts';

vi.mock('@/lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

const BRIDGE_URL = 'ws://127.0.0.1:8765';
const PATIENT = { id: 7, name: 'Ada Lovelace' };
const DEVICE = bridgeDevice({ id: 'c0ffee', name: 'Polar H10', simulated: false, connected: true });

/** Vigil as the hook meets it: the links it holds, and every request made of it ("METHOD /path"). */
let links: DeviceLink[];
let requests: string[];
let sockets: FakeSocket[];

function answer(method: string, path: string, body: unknown): Response {
  if (method === 'POST' && path === '/api/bridge/pairings')
    return Response.json({ pairingToken: `pair-${requests.length}`, expiresAt: '2026-03-02T08:02:00.000Z' });
  if (method === 'POST' && path === '/api/device-tokens') {
    const input = body as { patientId: number; device: { deviceId: string; connectionType: 'Bridge' } };
    const link = makeDeviceLink({
      id: 41,
      patientId: input.patientId,
      deviceId: input.device.deviceId,
      connectionType: input.device.connectionType,
    });
    links = [link];
    return Response.json(
      {
        id: 9,
        patientId: input.patientId,
        label: 'Bridge: Polar H10',
        createdAt: '2026-03-02T08:00:00.000Z',
        expiresAt: '2026-04-01T08:00:00.000Z',
        revokedAt: null,
        lastUsedAt: null,
        token: 'vgl_dev_0123456789abcdefghij',
        link,
      },
      { status: 201 },
    );
  }
  if (method === 'GET' && path === '/api/device-links') return Response.json(links);
  const patch = path.match(/^\/api\/device-links\/(\d+)$/);
  if (method === 'PATCH' && patch) {
    const state = (body as { state: DeviceLink['state'] }).state;
    links = links.map((l) => (l.id === Number(patch[1]) ? { ...l, state } : l));
    return Response.json(links.find((l) => l.id === Number(patch[1])));
  }
  return new Response('not expected here', { status: 500 });
}

beforeEach(() => {
  links = [];
  requests = [];
  sockets = [];
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
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toastError).mockReset();
  vi.mocked(toastSuccess).mockReset();
});

/** One browser tab: its own query cache, the hook, and its socket to the bridge, connected. */
async function openTab() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const createSocket = (url: string, protocols: string[]) => {
    const socket = new FakeSocket(url, protocols);
    sockets.push(socket);
    return socket;
  };
  const tab = renderHook(() => useBridge({ createSocket }), { wrapper });
  act(() => tab.result.current.connect(BRIDGE_URL));
  await waitFor(() => expect(sockets.at(-1)?.onopen).not.toBeNull());
  const socket = sockets.at(-1)!;
  act(() => {
    socket.accept();
    socket.emit({ type: 'deviceList', devices: [DEVICE] });
  });
  expect(tab.result.current.snapshot.status).toBe('connected');
  return { tab, socket };
}

describe('useBridge keeps no device link of its own (issue 39 item 4)', () => {
  it('syncs with one request: the server links the device as it issues the token', async () => {
    const { tab, socket } = await openTab();
    await act(() => tab.result.current.syncToCloud(DEVICE, PATIENT));
    expect(requests.filter((r) => !r.includes('pairings'))).toEqual(['POST /api/device-tokens']);
    expect(socket.sent).toEqual([
      expect.objectContaining({ type: 'sendToCloud', deviceId: 'c0ffee', patientId: 7 }),
    ]);
    expect(toastSuccess).toHaveBeenCalledWith('Syncing to Cloud', 'Linking Polar H10 to Ada Lovelace...');
    // The bridge confirms: "Success", once, on the page that asked.
    act(() => socket.emit({ type: 'deviceUpdated', device: { ...DEVICE, patientId: 7 } }));
    act(() => socket.emit({ type: 'deviceUpdated', device: { ...DEVICE, patientId: 7 } }));
    expect(vi.mocked(toastSuccess).mock.calls.filter(([title]) => title === 'Success')).toEqual([
      ['Success', "Readings from Polar H10 now go to Ada Lovelace's record."],
    ]);
  });

  it('closing the tab orphans nothing: a new tab finds the link on the server and disconnects it', async () => {
    const first = await openTab();
    await act(() => first.tab.result.current.syncToCloud(DEVICE, PATIENT));
    first.tab.unmount(); // the tab closes
    expect(first.socket.closedWith).toBe(1000);

    const second = await openTab();
    requests = [];
    await act(() => second.tab.result.current.disconnectDevice('c0ffee'));
    expect(second.socket.sent).toEqual([{ type: 'disconnect', deviceId: 'c0ffee' }]);
    expect(requests).toEqual(['GET /api/device-links', 'PATCH /api/device-links/41']);
    expect(links[0]).toMatchObject({ id: 41, state: 'disconnected' });
    act(() =>
      second.socket.emit({
        type: 'deviceDisconnected',
        device: { ...DEVICE, connected: false, patientId: 7 },
        reason: null,
        reconnecting: false,
      }),
    );
    expect(toastSuccess).toHaveBeenCalledWith(
      'Device Disconnected',
      'Successfully disconnected device for patient ID 7',
    );
    expect(toastError).not.toHaveBeenCalled();
  });

  it('connects a device that has no link without writing one', async () => {
    const { tab, socket } = await openTab();
    requests = [];
    await act(() => tab.result.current.connectDevice('c0ffee'));
    expect(socket.sent).toEqual([{ type: 'connect', deviceId: 'c0ffee' }]);
    expect(requests).toEqual(['GET /api/device-links']);
  });

  it('says "Bridge Error" for an action while the bridge is not connected, and sends nothing', async () => {
    const { tab, socket } = await openTab();
    act(() => socket.drop());
    await act(() => tab.result.current.disconnectDevice('c0ffee'));
    expect(toastError).toHaveBeenCalledWith(
      'Bridge Error',
      'The bridge is not connected. Connect to the bridge server first.',
    );
    expect(requests.filter((r) => r.includes('device-links'))).toEqual([]);
  });
});
