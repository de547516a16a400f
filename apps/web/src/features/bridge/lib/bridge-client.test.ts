import { BRIDGE_PROTOCOL } from '@vigil/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_CONNECT_FAILED, BridgeClient, type BridgeNotice } from './bridge-client.ts';
import { bridgeDevice, FakeSocket } from './test-fixtures.ts';

let sockets: FakeSocket[];
let notices: BridgeNotice[];
let tokens: number;

function makeClient(getPairingToken?: () => Promise<string>) {
  return new BridgeClient({
    url: 'ws://127.0.0.1:8765',
    getPairingToken: getPairingToken ?? (async () => `vgl_pair_token${++tokens}`),
    onNotice: (n) => notices.push(n),
    createSocket: (url, protocols) => {
      const socket = new FakeSocket(url, protocols);
      sockets.push(socket);
      return socket;
    },
  });
}

/** Lets the pairing-token promise settle and the socket be created. */
const settle = () => vi.advanceTimersByTimeAsync(0);
const last = () => sockets.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  notices = [];
  tokens = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('bridge client: connecting', () => {
  it('offers the bridge protocol and a fresh pairing token, and reports the connection', async () => {
    const client = makeClient();
    client.connect();
    expect(client.getSnapshot().status).toBe('connecting');
    await settle();
    expect(last().url).toBe('ws://127.0.0.1:8765');
    expect(last().protocols).toEqual([BRIDGE_PROTOCOL, 'vigil-pair.vgl_pair_token1']);
    last().accept();
    expect(client.getSnapshot().status).toBe('connected');
    expect(notices).toEqual([{ kind: 'connected', reconnected: false }]);
  });

  it('reports a refused or unreachable bridge once, with the spec message, and does not retry', async () => {
    const client = makeClient();
    client.connect();
    await settle();
    last().drop();
    expect(client.getSnapshot().status).toBe('disconnected');
    expect(notices).toEqual([{ kind: 'connectFailed', message: BRIDGE_CONNECT_FAILED }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('reports why when Vigil gives no pairing token', async () => {
    const client = makeClient(async () => {
      throw new Error('401: Not signed in');
    });
    client.connect();
    await settle();
    expect(sockets).toHaveLength(0);
    expect(notices).toEqual([{ kind: 'connectFailed', message: '401: Not signed in' }]);
  });

  it('refuses a server that does not speak the bridge protocol', async () => {
    const client = makeClient();
    client.connect();
    await settle();
    last().accept('something-else');
    expect(last().closedWith).toBe(1002);
    expect(client.getSnapshot().status).toBe('disconnected');
    expect(notices[0]).toMatchObject({
      kind: 'connectFailed',
      message: expect.stringContaining('not a Vigil bridge'),
    });
  });
});

describe('bridge client: reconnecting', () => {
  it('after a drop reconnects at most 5 times, 2 s × attempt apart, each with a new token, then gives up', async () => {
    const client = makeClient();
    client.connect();
    await settle();
    last().accept();
    last().drop();
    const waits = [2000, 4000, 6000, 8000, 10000];
    for (const [i, wait] of waits.entries()) {
      expect(client.getSnapshot()).toMatchObject({ status: 'reconnecting', reconnectAttempt: i + 1 });
      const before = sockets.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(sockets).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(before + 1);
      expect(last().protocols[1]).toBe(`vigil-pair.vgl_pair_token${i + 2}`);
      last().drop();
    }
    expect(client.getSnapshot().status).toBe('disconnected');
    expect(notices.at(-1)).toEqual({ kind: 'lost' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(6);
  });

  it('starts counting again once a reconnect succeeds', async () => {
    const client = makeClient();
    client.connect();
    await settle();
    last().accept();
    last().drop();
    await vi.advanceTimersByTimeAsync(2000);
    last().drop(); // attempt 1 failed
    await vi.advanceTimersByTimeAsync(4000);
    last().accept(); // attempt 2 worked
    expect(client.getSnapshot()).toMatchObject({ status: 'connected', reconnectAttempt: 0 });
    expect(notices.at(-1)).toEqual({ kind: 'connected', reconnected: true });
    last().drop();
    expect(client.getSnapshot().reconnectAttempt).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sockets).toHaveLength(4);
  });

  it('stops reconnecting when the page disconnects', async () => {
    const client = makeClient();
    client.connect();
    await settle();
    last().accept();
    last().drop();
    client.disconnect();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.getSnapshot().status).toBe('disconnected');
  });
});

describe('bridge client: messages', () => {
  async function connected() {
    const client = makeClient();
    client.connect();
    await settle();
    last().accept();
    notices.length = 0;
    return client;
  }

  it('applies valid events to the view and passes them on', async () => {
    const client = await connected();
    const device = bridgeDevice({ connected: true });
    last().emit({ type: 'deviceList', devices: [device] });
    last().emit({
      type: 'heartRateUpdate',
      deviceId: device.id,
      heartRate: 71,
      readingTime: '2026-11-23T10:00:00.500Z',
      simulated: true,
    });
    expect(client.getSnapshot().view.devices[0]).toMatchObject({ heartRate: 71 });
    expect(notices.map((n) => (n.kind === 'event' ? n.event.type : n.kind))).toEqual([
      'deviceList',
      'heartRateUpdate',
    ]);
  });

  it('ignores what the shared schema refuses, saying what was wrong, and keeps the connection', async () => {
    const client = await connected();
    last().emit('not json');
    last().emit(JSON.stringify({ type: 'selfDestruct' }));
    last().emit(
      JSON.stringify({
        type: 'batteryUpdate',
        deviceId: 'x',
        batteryLevel: 140,
        readingTime: 'now',
        simulated: false,
      }),
    );
    last().onmessage?.({ data: new ArrayBuffer(4) });
    expect(notices.map((n) => n.kind)).toEqual([
      'invalidMessage',
      'invalidMessage',
      'invalidMessage',
      'invalidMessage',
    ]);
    expect(notices[1]).toMatchObject({
      message: expect.stringContaining('Unknown event type "selfDestruct"'),
    });
    expect(notices[2]).toMatchObject({ message: expect.stringContaining('batteryUpdate.') });
    expect(client.getSnapshot().status).toBe('connected');
    expect(client.getSnapshot().view.devices).toEqual([]);
  });

  it('sends only actions the schema accepts, and only while connected', async () => {
    const client = makeClient();
    expect(() => client.send({ type: 'startScan' })).toThrow(/not connected/);
    client.connect();
    await settle();
    last().accept();
    client.send({ type: 'connect', deviceId: 'sim-hr-0001' });
    expect(() => client.send({ type: 'connect', deviceId: 'bad id!' })).toThrow(/^connect\.deviceId: /);
    expect(() =>
      client.send({
        type: 'sendToCloud',
        deviceId: 'sim-hr-0001',
        endpoint: 'http://127.0.0.1:5000/api/device-readings',
        patientId: 0,
        deviceToken: 'vgl_dev_abcdefghijklmnopqrst',
      }),
    ).toThrow(/^sendToCloud\.patientId: /);
    expect(last().sent).toEqual([{ type: 'connect', deviceId: 'sim-hr-0001' }]);
  });

  it('clears the view when the connection drops', async () => {
    const client = await connected();
    last().emit({ type: 'deviceList', devices: [bridgeDevice()] });
    last().drop();
    expect(client.getSnapshot().view.devices).toEqual([]);
  });
});
