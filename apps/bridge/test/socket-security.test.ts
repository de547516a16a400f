import fs from 'node:fs';
import path from 'node:path';
import { BRIDGE_PROTOCOL, describeRuntimeProblem } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BridgeClient, connectBridge, HandshakeRefused } from './support/bridge-client.ts';
import { type RunningBridge, startBridge } from './support/bridge-process.ts';
import { startPairingServer } from './support/pairing-server.ts';

const VIGIL_PAGE = 'http://localhost:5000';
/** One-time pairing tokens, as Vigil issues them (POST /api/bridge/pairings). */
const tokens = Array.from(
  { length: 12 },
  (_, i) => `vgl_pair_${i.toString().padStart(2, '0')}x7f3a9c2e5b1d4f60a8e2c9b7d1f3a5`,
);
let nextToken = 0;
const fresh = () => tokens[nextToken++]!;

let pairing: Awaited<ReturnType<typeof startPairingServer>>;
let bridge: RunningBridge;
const clients: BridgeClient[] = [];

beforeAll(async () => {
  pairing = await startPairingServer(
    Object.fromEntries(tokens.map((t) => [t, { id: 1, username: 'nurse.ada' }])),
  );
  bridge = await startBridge({
    args: [
      '--simulate',
      '--vigil-url',
      pairing.url,
      '--allowed-origins',
      `${VIGIL_PAGE},http://127.0.0.1:5000`,
    ],
  });
});

afterAll(async () => {
  for (const c of clients) await c.close();
  await bridge?.kill('SIGTERM');
  await pairing?.close();
  if (bridge) fs.rmSync(bridge.dataDir, { recursive: true, force: true });
});

async function open(options: Parameters<typeof connectBridge>[1]) {
  const client = await connectBridge(bridge.url, options);
  clients.push(client);
  return client;
}

async function refusal(options: Parameters<typeof connectBridge>[1]): Promise<HandshakeRefused> {
  const error = await open(options).then(
    () => new Error('the bridge accepted the connection'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HandshakeRefused);
  return error as HandshakeRefused;
}

describe('the bridge process', () => {
  it('runs on the supported Node (the one npm and npx put first), as its ready line says', () => {
    const ready = bridge.logs().find((l) => l.msg === 'bridge ready');
    expect(ready?.node).toEqual(expect.stringMatching(/^v\d+\./));
    expect(describeRuntimeProblem(String(ready?.node))).toBeNull();
  });
});

describe('who may drive the bridge', () => {
  it('refuses a page of another site, even with a valid pairing token', async () => {
    const refused = await refusal({ origin: 'https://evil.example', pairingToken: fresh() });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatch(/origin is not an allowed Vigil origin/);
  });

  it('refuses a client that sends no Origin', async () => {
    expect((await refusal({ pairingToken: fresh() })).status).toBe(403);
  });

  it('refuses an allowed origin without a pairing token, or with one Vigil does not know', async () => {
    expect((await refusal({ origin: VIGIL_PAGE, protocols: [BRIDGE_PROTOCOL] })).status).toBe(401);
    const before = pairing.calls.length;
    const refused = await refusal({ origin: VIGIL_PAGE, pairingToken: 'vgl_pair_guessed0000000000000000' });
    expect(refused.status).toBe(401);
    expect(pairing.calls.slice(before)).toEqual(['vgl_pair_guessed0000000000000000']);
  });

  it('accepts a Vigil page with a confirmed pairing: selects the protocol, never echoes the token', async () => {
    const token = fresh();
    const page = await open({ origin: VIGIL_PAGE, pairingToken: token });
    expect(page.ws.protocol).toBe(BRIDGE_PROTOCOL);
    const list = await page.events.next('deviceList', () => true, { since: 0 });
    expect(list.devices).toEqual([]);
    expect(await page.events.next('scanStatus', () => true, { since: 0 })).toEqual({
      type: 'scanStatus',
      scanning: false,
      adapterState: 'poweredOn',
      simulation: true,
    });
    expect(bridge.output()).not.toContain(token);
  });

  it('asks Vigil at every handshake, so a pairing token opens one connection only', async () => {
    const token = fresh();
    await open({ origin: VIGIL_PAGE, pairingToken: token });
    const replay = await refusal({ origin: VIGIL_PAGE, pairingToken: token });
    expect(replay.status).toBe(401);
    expect(pairing.calls.filter((t) => t === token)).toHaveLength(2);
  });
});

describe('what a page may send', () => {
  it('answers malformed and unknown messages with error events and keeps serving', async () => {
    const page = await open({ origin: VIGIL_PAGE, pairingToken: fresh() });
    const other = await open({ origin: VIGIL_PAGE, pairingToken: fresh() });
    const cases: [string | Buffer, string, RegExp][] = [
      ['not json at all', 'INVALID_MESSAGE', /not valid JSON/],
      ['[1,2,3]', 'INVALID_MESSAGE', /JSON object/],
      ['{"type":"formatDisk"}', 'UNKNOWN_ACTION', /Unknown action type "formatDisk"/],
      ['{"type":"connect"}', 'INVALID_MESSAGE', /connect\.deviceId/],
      ['{"type":"connect","deviceId":"no-such-device"}', 'UNKNOWN_DEVICE', /Scan for Devices/],
      [Buffer.from([0, 1, 2]), 'INVALID_MESSAGE', /JSON text, not binary/],
    ];
    for (const [message, code, text] of cases) {
      const mark = page.events.length;
      page.ws.send(message);
      const error = await page.events.next('error', () => true, { since: mark });
      expect(error.code).toBe(code);
      expect(error.message).toMatch(text);
    }
    // Errors about one page's messages go to that page only.
    expect(other.events.of('error')).toEqual([]);

    page.send({ type: 'startScan' });
    const found = await other.events.next(
      'deviceFound',
      (e) => e.device.name === 'Simulated Heart Rate Monitor',
      {
        since: 0,
      },
    );
    expect(found.device).toMatchObject({ simulated: true, connected: false });
    page.send({ type: 'stopScan' });
    await other.events.next('scanStatus', (e) => !e.scanning, { since: 0 });
    expect(page.invalid).toEqual([]);
  });

  it('refuses to send readings anywhere but the configured Vigil, storing nothing', async () => {
    const page = await open({ origin: VIGIL_PAGE, pairingToken: fresh() });
    page.send({ type: 'startScan' });
    const found = await page.events.next('deviceFound', () => true, { since: 0 });
    const token = `vgl_dev_${'x'.repeat(43)}`;
    page.send({
      type: 'sendToCloud',
      deviceId: found.device.id,
      endpoint: 'https://collector.evil.example/api/device-readings',
      patientId: 3,
      deviceToken: token,
    });
    const error = await page.events.next('error', (e) => e.code === 'ENDPOINT_NOT_ALLOWED', { since: 0 });
    expect(error.message).toContain(`${pairing.url}/api/device-readings`);
    expect(fs.readFileSync(path.join(bridge.dataDir, 'links.json'), 'utf8')).not.toContain(token);
    page.send({ type: 'stopScan' });
  });

  it('closes a connection that sends an oversized message (1009) and goes on serving others', async () => {
    const page = await open({ origin: VIGIL_PAGE, pairingToken: fresh() });
    page.ws.send(JSON.stringify({ type: 'startScan', padding: 'x'.repeat(70 * 1024) }));
    expect((await page.closed).code).toBe(1009);
    const next = await open({ origin: VIGIL_PAGE, pairingToken: fresh() });
    await next.events.next('deviceList', () => true, { since: 0 });
    expect(bridge.child.exitCode).toBeNull();
  });

  it('fails closed when Vigil cannot confirm a pairing', async () => {
    const down = await startPairingServer({});
    await down.close();
    const elsewhere = await startBridge({ args: ['--simulate', '--vigil-url', down.url] });
    try {
      const error = await connectBridge(elsewhere.url, {
        origin: new URL(down.url).origin,
        pairingToken: fresh(),
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HandshakeRefused);
      expect((error as HandshakeRefused).status).toBe(503);
      expect((error as HandshakeRefused).body).toMatch(/could not reach Vigil/);
    } finally {
      await elsewhere.kill('SIGTERM');
      fs.rmSync(elsewhere.dataDir, { recursive: true, force: true });
    }
  });

  it('never crashed and never logged a token', () => {
    expect(bridge.child.exitCode).toBeNull();
    expect(bridge.logs().filter((l) => l.level === 'error')).toEqual([]);
    expect(bridge.output()).not.toMatch(/vgl_pair_|vgl_dev_x/);
  });
});
