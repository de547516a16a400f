// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { makeDeviceLink } from '@/test/device-link-factory.ts';
import { DeviceManagerProvider } from '../components/device-manager-provider.tsx';
import { BLUETOOTH_MESSAGES, BluetoothError } from '../lib/bluetooth-errors.ts';
import type { ConnectedDevice, LocalDevice } from '../lib/device-manager.ts';
import type { BluetoothManager } from '../lib/device-manager-slot.ts';
import { deviceRows } from '../lib/device-rows.ts';
import { useDeviceActions } from './use-device-actions.ts';
import { useLocalDevices } from './use-local-devices.ts';

vi.mock('@/lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

/** A device manager with no Bluetooth and no server behind it: it holds what the test says it holds. */
class FakeManager implements BluetoothManager {
  #devices: LocalDevice[] = [];
  readonly #listeners = new Set<() => void>();
  connectBluetooth = vi.fn(
    async (patientId: number): Promise<ConnectedDevice> =>
      this.#hold({ deviceId: 'ble-1', deviceName: 'Polar H10', patientId }),
  );
  connectDemo = vi.fn(
    async (patientId: number): Promise<ConnectedDevice> =>
      this.#hold({ deviceId: 'demo-1', deviceName: 'Demo Device (Simulation)', patientId }),
  );
  disconnect = vi.fn(async (deviceId: string) => {
    this.#devices = this.#devices.filter((d) => d.deviceId !== deviceId);
    this.#emit();
  });
  readNow = vi.fn(async () => {});
  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
  getSnapshot = () => this.#devices;
  isHeldHere = (deviceId: string) => this.#devices.some((d) => d.deviceId === deviceId);

  #hold(device: ConnectedDevice): ConnectedDevice {
    this.#devices = [
      ...this.#devices,
      {
        ...device,
        isSimulated: device.deviceId.startsWith('demo'),
        linkId: 41,
        sendError: null,
        state: {
          status: 'connected',
          reconnectAttempt: null,
          services: [],
          model: null,
          batteryLevel: null,
          latest: {},
          lastReadingAt: null,
        },
      },
    ];
    this.#emit();
    return device;
  }
  #emit() {
    for (const listener of this.#listeners) listener();
  }
}

let manager: FakeManager;
let requests: string[];

beforeEach(() => {
  manager = new FakeManager();
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://vigil.test').pathname;
      requests.push(`${init.method ?? 'GET'} ${path}`);
      return Response.json(makeDeviceLink({ id: 5, endedAt: '2026-11-23T10:07:00.000Z' }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toastError).mockReset();
  vi.mocked(toastSuccess).mockReset();
});

/** The hooks as a screen uses them, under a DeviceManagerProvider given the fake manager. */
function renderActions() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <DeviceManagerProvider manager={manager}>{children}</DeviceManagerProvider>
    </QueryClientProvider>
  );
  return renderHook(() => ({ actions: useDeviceActions(), local: useLocalDevices() }), { wrapper });
}

describe('the Bluetooth manager comes from React context (issue 39 item 4)', () => {
  it('connects a demo device through the manager it is given, and the screen sees it held', async () => {
    const { result } = renderActions();
    await act(() => result.current.actions.demo(7));
    expect(manager.connectDemo).toHaveBeenCalledWith(7);
    expect(toastSuccess).toHaveBeenCalledWith(
      'Device Connected',
      'Demo device connected in Simulation Mode.',
    );
    expect(result.current.local.map((d) => [d.deviceId, d.patientId])).toEqual([['demo-1', 7]]);
  });

  it('asks for a patient first, and never opens the chooser without one', async () => {
    const { result } = renderActions();
    await act(() => result.current.actions.scan(null));
    expect(manager.connectBluetooth).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith('Error', BLUETOOTH_MESSAGES.selectPatient);
    expect(result.current.actions.error).toBe(BLUETOOTH_MESSAGES.selectPatient);
  });

  it("says the manager's refusal in a Bluetooth Error toast and beside the buttons", async () => {
    manager.connectBluetooth.mockRejectedValueOnce(new BluetoothError(BLUETOOTH_MESSAGES.cancelled));
    const { result } = renderActions();
    await act(() => result.current.actions.scan(7));
    expect(toastError).toHaveBeenCalledWith('Bluetooth Error', BLUETOOTH_MESSAGES.cancelled);
    expect(result.current.actions.error).toBe(BLUETOOTH_MESSAGES.cancelled);
    expect(result.current.local).toEqual([]);
  });

  it("disconnects this browser's device through the manager, and ends another holder's link on the server", async () => {
    const { result } = renderActions();
    await act(() => result.current.actions.scan(7));
    const [mine] = deviceRows([], result.current.local);
    await act(() => result.current.actions.disconnect(mine!));
    expect(manager.disconnect).toHaveBeenCalledWith('ble-1');
    expect(requests.filter((r) => r.includes('device-links'))).toEqual([]);

    const [elsewhere] = deviceRows([makeDeviceLink({ id: 5, deviceId: 'held-elsewhere' })], []);
    await act(() => result.current.actions.disconnect(elsewhere!));
    expect(manager.disconnect).toHaveBeenCalledTimes(1);
    expect(requests).toEqual(['DELETE /api/device-links/5']);
    expect(toastSuccess).toHaveBeenCalledWith(
      'Device Disconnected',
      'Successfully disconnected device for patient ID 7',
    );
  });
});
