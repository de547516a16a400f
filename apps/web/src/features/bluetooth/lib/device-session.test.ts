import {
  GATT_CHARACTERISTICS as C,
  encodeBatteryLevel,
  encodeHeartRateMeasurement,
  gattUuid,
  GATT_SERVICES as S,
} from '@vigil/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { BluetoothDeviceSession } from './bluetooth-device-session.ts';
import { BLUETOOTH_MESSAGES } from './bluetooth-errors.ts';
import type { ReadingFields } from './reading-batcher.ts';
import { SimulatedDeviceSession } from './simulated-device-session.ts';

/** A fake Web Bluetooth device: services by number, each characteristic answering its bytes. */
function fakeDevice(values: Record<number, Record<number, Uint8Array>>) {
  let failConnects = 0;
  let connected = false;
  const device = new EventTarget() as EventTarget & {
    id: string;
    name: string;
    gatt: unknown;
  };
  const server = {
    get connected() {
      return connected;
    },
    async getPrimaryService(service: number) {
      const characteristics = values[service];
      if (!characteristics) throw new DOMException('No Services matching UUID', 'NotFoundError');
      return {
        async getCharacteristic(uuid: number) {
          const bytes = characteristics[uuid];
          if (!bytes) throw new DOMException('No Characteristics matching UUID', 'NotFoundError');
          const characteristic = Object.assign(new EventTarget(), {
            uuid: gattUuid(uuid),
            properties: { read: true, notify: true, indicate: false },
            value: undefined as DataView | undefined,
            async startNotifications() {
              return characteristic;
            },
            async readValue() {
              if (!connected) throw new DOMException('GATT Server is disconnected.', 'NetworkError');
              const view = new DataView(Uint8Array.from(characteristics[uuid]!).buffer);
              characteristic.value = view;
              characteristic.dispatchEvent(new Event('characteristicvaluechanged'));
              return view;
            },
          });
          return characteristic;
        },
      };
    },
    disconnect() {
      connected = false;
    },
  };
  device.id = 'dev-1';
  device.name = 'Heart Monitor';
  device.gatt = {
    get connected() {
      return connected;
    },
    async connect() {
      if (failConnects > 0) {
        failConnects--;
        throw new DOMException('Connection Error: Connection attempt failed.', 'NetworkError');
      }
      connected = true;
      return server;
    },
    disconnect() {
      connected = false;
    },
  };
  return {
    device: device as unknown as BluetoothDevice,
    failNextConnects(times: number) {
      failConnects = times;
    },
    drop() {
      connected = false;
      device.dispatchEvent(new Event('gattserverdisconnected'));
    },
  };
}

const HEART_MONITOR = {
  [S.heartRate]: { [C.heartRateMeasurement]: encodeHeartRateMeasurement({ heartRate: 72 }) },
  [S.battery]: { [C.batteryLevel]: encodeBatteryLevel({ batteryPct: 87 }) },
};

function recorder() {
  const readings: ReadingFields[] = [];
  const calls: string[] = [];
  const waits: number[] = [];
  return {
    readings,
    calls,
    waits,
    events: {
      onReading: (fields: ReadingFields) => readings.push(fields),
      onChange: () => {},
      onDropped: () => calls.push('dropped'),
      onReconnected: () => calls.push('reconnected'),
      onGaveUp: () => calls.push('gave-up'),
    },
    wait: async (ms: number) => {
      waits.push(ms);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const sessions: { stop(): void }[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.stop();
});

/** A session connected to the fake device, its connect waits forgotten (stopped after the test). */
async function connectedSession(fake: ReturnType<typeof fakeDevice>, r: ReturnType<typeof recorder>) {
  const session = new BluetoothDeviceSession(fake.device, r.events, r.wait);
  sessions.push(session);
  await session.start();
  r.waits.length = 0;
  return session;
}

describe('BluetoothDeviceSession', () => {
  it('connects on the third attempt after 1 s and 2 s, and reads and decodes each characteristic once', async () => {
    const fake = fakeDevice(HEART_MONITOR);
    const r = recorder();
    fake.failNextConnects(2);
    const session = new BluetoothDeviceSession(fake.device, r.events, r.wait);
    sessions.push(session);
    await session.start();
    await settle();
    expect(r.waits).toEqual([1_000, 2_000]);
    expect(session.state.status).toBe('connected');
    expect(session.state.services).toEqual(['Heart Rate', 'Battery']);
    // readValue() also fires characteristicvaluechanged: still one reading per value.
    expect(r.readings).toEqual([{ heartRate: 72 }, { batteryLevel: 87 }]);
    expect(session.state.batteryLevel).toBe(87);
  });

  it('gives up after three failed connects with the last error', async () => {
    const fake = fakeDevice(HEART_MONITOR);
    const r = recorder();
    fake.failNextConnects(3);
    const session = new BluetoothDeviceSession(fake.device, r.events, r.wait);
    sessions.push(session);
    await expect(session.start()).rejects.toThrow('Connection attempt failed');
    expect(r.waits).toEqual([1_000, 2_000]);
  });

  it('shows a drop at once and reconnects with backoff while wanted', async () => {
    const fake = fakeDevice(HEART_MONITOR);
    const r = recorder();
    const session = await connectedSession(fake, r);
    fake.failNextConnects(2);
    fake.drop();
    expect(session.state.status).toBe('disconnected');
    await expect(session.readNow()).rejects.toThrow(BLUETOOTH_MESSAGES.notConnected);
    for (let i = 0; i < 10; i++) await settle();
    expect(r.waits).toEqual([1_000, 2_000, 4_000]);
    expect(session.state.status).toBe('connected');
    expect(r.calls).toEqual(['dropped', 'reconnected']);
  });

  it('gives up after 1, 2, 4, 8 and 16 s and says so', async () => {
    const fake = fakeDevice(HEART_MONITOR);
    const r = recorder();
    const session = await connectedSession(fake, r);
    fake.failNextConnects(99);
    fake.drop();
    for (let i = 0; i < 20; i++) await settle();
    expect(r.waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(session.state.status).toBe('gave-up');
    expect(r.calls).toEqual(['dropped', 'gave-up']);
  });

  it('does not reconnect a device the nurse disconnected', async () => {
    const fake = fakeDevice(HEART_MONITOR);
    const r = recorder();
    const session = new BluetoothDeviceSession(fake.device, r.events, r.wait);
    await session.start();
    session.stop();
    fake.drop();
    await settle();
    expect(session.state.status).toBe('ended');
    expect(r.calls).toEqual([]);
  });
});

describe('SimulatedDeviceSession', () => {
  it('sends the simulated ranges through the GATT encoders and decoders', async () => {
    const r = recorder();
    const session = new SimulatedDeviceSession('demo-1', 'Demo Device (Simulation)', r.events, () => 0.999);
    sessions.push(session);
    await session.start();
    expect(r.readings).toEqual([
      {
        heartRate: 80,
        batteryLevel: 100,
        temperature: 989,
        oxygenLevel: 99,
        systolicBP: 122,
        diastolicBP: 82,
        steps: 9997, // 7500 + floor(0.999 × 2500)
        sleepHours: 8,
      },
    ]);
    session.stop();
    await expect(session.readNow()).rejects.toThrow(BLUETOOTH_MESSAGES.notConnected);
  });
});
