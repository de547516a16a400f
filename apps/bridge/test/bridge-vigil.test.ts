import fs from 'node:fs';
import { type DeviceToken, type Patient, ReadingEventData } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ofType, openSse, type SseClient } from '../../server/test/sse-client.ts';
import { type BridgeClient, connectBridge, HandshakeRefused } from './support/bridge-client.ts';
import { type RunningBridge, startBridge } from './support/bridge-process.ts';
import { journaledReadings } from './support/journal-file.ts';
import { signUp, startVigil, type Vigil } from './support/vigil-server.ts';

let vigil: Vigil;
let nurse: Awaited<ReturnType<typeof signUp>>;
let bridge: RunningBridge;
let page: BridgeClient;
let events: SseClient;

beforeAll(async () => {
  vigil = await startVigil();
  nurse = await signUp(vigil);
  bridge = await startBridge({
    args: ['--simulate', '--vigil-url', vigil.url, '--sim-interval-ms', '100'],
  });
  page = await connectBridge(bridge.url, { origin: vigil.url, pairingToken: await nurse.pairing() });
  events = await openSse(`${vigil.url}/api/events`, { cookie: nurse.cookie });
});

afterAll(async () => {
  events?.close();
  await page?.close();
  await bridge?.kill('SIGTERM');
  await vigil?.destroy();
  if (bridge) fs.rmSync(bridge.dataDir, { recursive: true, force: true });
});

describe('bridge → Vigil, with the real server', () => {
  it('lets a page in only with a pairing token from Vigil, once', async () => {
    const refused = async (pairingToken: string, origin = vigil.url) => {
      const error = await connectBridge(bridge.url, { origin, pairingToken }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HandshakeRefused);
      return (error as HandshakeRefused).status;
    };
    expect(await refused('vgl_pair_guessedguessedguessedguessedguessed00')).toBe(401);
    const token = await nurse.pairing();
    expect(await refused(token, 'https://evil.example')).toBe(403); // refused before Vigil is asked
    const other = await connectBridge(bridge.url, { origin: vigil.url, pairingToken: token });
    await other.events.next('deviceList', () => true, { since: 0 });
    await other.close();
    expect(await refused(token)).toBe(401); // spent
  });

  it('scans, connects, streams live vitals, syncs to a patient and stores each reading once', {
    timeout: 60_000,
  }, async () => {
    const { events: bridgeEvents } = page;
    page.send({ type: 'startScan' });
    const found = await bridgeEvents.next(
      'deviceFound',
      (e) => e.device.name === 'Simulated Heart Rate Monitor',
      {
        since: 0,
      },
    );
    const deviceId = found.device.id;
    expect(found.device.simulated).toBe(true);
    page.send({ type: 'stopScan' });

    page.send({ type: 'connect', deviceId });
    const connected = await bridgeEvents.next('deviceConnected', (e) => e.device.id === deviceId, {
      since: 0,
    });
    expect(connected.device).toMatchObject({
      connected: true,
      wanted: true,
      simulated: true,
      patientId: null,
    });
    const beat = await bridgeEvents.next('heartRateUpdate', (e) => e.deviceId === deviceId, { since: 0 });
    expect(beat.heartRate).toBeGreaterThanOrEqual(68);
    expect(beat.heartRate).toBeLessThanOrEqual(80);
    expect(beat.simulated).toBe(true);
    const battery = await bridgeEvents.next('batteryUpdate', (e) => e.deviceId === deviceId, { since: 0 });
    expect(battery.batteryLevel).toBeGreaterThanOrEqual(5);

    // "Sync Data to Cloud": the page gets a device token for the patient and hands it over.
    const [patient] = await nurse.api<Patient[]>('GET', '/api/patients');
    const token = await nurse.deviceToken(patient!.id);
    const mark = bridgeEvents.length;
    page.send({
      type: 'sendToCloud',
      deviceId,
      endpoint: `${vigil.url}/api/device-readings`,
      patientId: patient!.id,
      // No expiresAt: the bridge renews the token at once to learn it (and to hold one of its own).
      deviceToken: token.token,
    });
    const linked = await bridgeEvents.next('deviceUpdated', (e) => e.device.patientId === patient!.id, {
      since: mark,
    });
    expect(linked.device.sync).toMatchObject({ patientId: patient!.id });

    // Live on every open Vigil screen, and in the patient's history.
    const live = await events.waitFor(ofType('reading', patient!.id), 30_000);
    const sent = ReadingEventData.parse(JSON.parse(live.data).data).readings;
    expect(sent[0]).toMatchObject({
      deviceId,
      connectionType: 'Simulation',
      deviceName: 'Simulated Heart Rate Monitor',
    });
    await bridgeEvents.next('deviceUpdated', (e) => (e.device.sync?.uploadedReadings ?? 0) >= 10, {
      since: mark,
      timeoutMs: 30_000,
    });

    // Renewed through POST /api/device-tokens/rotate: the page's token ended with the rotation.
    const tokens = await nurse.api<DeviceToken[]>('GET', `/api/patients/${patient!.id}/device-tokens`);
    const original = tokens.find((t) => t.id === token.id)!;
    expect(original.revokedAt).not.toBeNull();
    expect(
      tokens.some((t) => t.id !== token.id && Date.parse(t.expiresAt) > Date.now() + 29 * 86_400_000),
    ).toBe(true);
    expect(bridge.logs().some((l) => l.msg === 'device token rotated')).toBe(true);

    page.send({ type: 'disconnect', deviceId });
    const gone = await bridgeEvents.next('deviceDisconnected', (e) => e.device.id === deviceId, {
      since: mark,
    });
    expect(gone).toMatchObject({ reconnecting: false, device: { heartRate: null, wanted: false } });

    // Every linked reading in the journal is stored exactly once; none from before the link.
    const journaled = () => journaledReadings(bridge.dataDir).filter((r) => r.deviceId === deviceId);
    const taken = journaled().filter((r) => r.patientId === patient!.id);
    expect(journaled().length).toBeGreaterThan(taken.length); // readings before the link stayed local
    await vi.waitFor(
      async () => {
        const stored = (await nurse.readings(patient!.id)).filter((r) => r.deviceId === deviceId);
        expect(stored.length).toBe(taken.length);
      },
      { timeout: 30_000, interval: 250 },
    );
    const stored = (await nurse.readings(patient!.id)).filter((r) => r.deviceId === deviceId);
    expect(new Set(stored.map((r) => r.readingTime))).toEqual(new Set(taken.map((r) => r.readingTime)));
    const byTime = new Map(stored.map((r) => [r.readingTime, r]));
    for (const update of bridgeEvents.of('heartRateUpdate').filter((e) => e.deviceId === deviceId)) {
      const row = byTime.get(update.readingTime);
      if (row) expect(row.heartRate).toBe(update.heartRate);
    }
    expect(page.invalid).toEqual([]);
    expect(bridge.output()).not.toContain(token.token);
  });
});
