import fs from 'node:fs';
import type { BridgeDevice, Patient } from '@vigil/domain';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type BridgeClient, connectBridge, type HandshakeRefused } from './support/bridge-client.ts';
import { type RunningBridge, startBridge } from './support/bridge-process.ts';
import { journaledReadings, openBatches } from './support/journal-file.ts';
import { signUp, startVigil, type Vigil } from './support/vigil-server.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('store and forward, exactly once', () => {
  it('keeps every reading through a Vigil outage and two bridge crashes (SIGKILL), storing each once', {
    timeout: 120_000,
  }, async () => {
    const vigil: Vigil = await startVigil();
    cleanups.push(() => vigil.destroy());
    const nurse = await signUp(vigil);
    const args = [
      '--simulate',
      '--vigil-url',
      vigil.url,
      '--sim-interval-ms',
      '50',
      '--batch-size',
      '20',
      '--retry-max-ms',
      '800',
      // The test reads the journal afterwards: keep every record.
      '--compact-after',
      '10000000',
    ];
    let bridge: RunningBridge = await startBridge({ args });
    const { dataDir, port } = bridge;
    cleanups.push(async () => {
      await bridge.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const connect = async () => {
      const page = await connectBridge(bridge.url, {
        origin: vigil.url,
        pairingToken: await nurse.pairing(),
      });
      cleanups.push(() => page.close());
      return page;
    };

    // Two devices for one patient: a heart-rate strap and a pulse oximeter.
    let page: BridgeClient = await connect();
    page.send({ type: 'startScan' });
    const strap = await page.events.next(
      'deviceFound',
      (e) => e.device.name === 'Simulated Heart Rate Monitor',
      {
        since: 0,
      },
    );
    const oximeter = await page.events.next(
      'deviceFound',
      (e) => e.device.name === 'Simulated Pulse Oximeter',
      {
        since: 0,
      },
    );
    page.send({ type: 'stopScan' });
    const ids = [strap.device.id, oximeter.device.id];
    const [patient] = await nurse.api<Patient[]>('GET', '/api/patients');
    for (const deviceId of ids) {
      page.send({ type: 'connect', deviceId });
      await page.events.next('deviceConnected', (e) => e.device.id === deviceId, { since: 0 });
      const token = await nurse.deviceToken(patient!.id);
      page.send({
        type: 'sendToCloud',
        deviceId,
        endpoint: `${vigil.url}/api/device-readings`,
        patientId: patient!.id,
        deviceToken: token.token,
        deviceTokenExpiresAt: token.expiresAt,
      });
    }
    const uploaded = (client: BridgeClient, deviceId: string, atLeast: number, since: number) =>
      client.events.next(
        'deviceUpdated',
        (e) => e.device.id === deviceId && (e.device.sync?.uploadedReadings ?? 0) >= atLeast,
        {
          since,
          timeoutMs: 30_000,
        },
      );
    await uploaded(page, strap.device.id, 5, 0);

    // Vigil goes down: readings keep flowing to the page and pile up on the bridge.
    await vigil.stop();
    const mark = page.events.length;
    await page.events.next('deviceUpdated', (e) => e.device.sync?.status === 'retrying', { since: mark });
    const beatsBefore = page.events.of('heartRateUpdate').length;
    await vi.waitFor(
      () => expect(page.events.of('heartRateUpdate').length).toBeGreaterThan(beatsBefore + 3),
      {
        timeout: 10_000,
      },
    );

    // The bridge is killed while Vigil is down, and comes back on its own folder. No page can pair
    // with it until Vigil is back (it fails closed), but it reconnects the wanted devices by itself.
    const taken = () => journaledReadings(dataDir).filter((r) => r.patientId === patient!.id);
    // A batch is out (journaled, sent, unanswered) when the bridge dies: it must go again, as it was.
    expect(openBatches(dataDir)).not.toEqual([]);
    await bridge.kill('SIGKILL');
    bridge = await startBridge({ args, dataDir, port });
    expect(bridge.logs().find((l) => l.msg === 'bridge ready')?.pendingReadings).toBeGreaterThan(0);
    const refused = await connectBridge(bridge.url, { origin: vigil.url, pairingToken: 'vgl_pair_x' }).catch(
      (e: unknown) => e,
    );
    expect((refused as HandshakeRefused).status).toBe(503);
    await vi.waitFor(
      () => expect(bridge.logs().filter((l) => l.msg === 'device connected')).toHaveLength(2),
      { timeout: 10_000 },
    );
    const before = taken().length;
    await vi.waitFor(() => expect(taken().length).toBeGreaterThan(before + 10), { timeout: 10_000 });

    await vigil.start();
    page = await connect();
    const list = await page.events.next('deviceList', () => true, { since: 0 });
    const restored = (id: string) => list.devices.find((d: BridgeDevice) => d.id === id);
    expect(ids.map((id) => restored(id)?.wanted)).toEqual([true, true]);
    expect(ids.map((id) => restored(id)?.patientId)).toEqual([patient!.id, patient!.id]);
    await uploaded(page, strap.device.id, 10, 0);

    // Killed again mid-stream, with uploads in flight.
    await sleep(300);
    await bridge.kill('SIGKILL');
    bridge = await startBridge({ args, dataDir, port });
    page = await connect();
    await uploaded(page, oximeter.device.id, 5, 0);

    for (const deviceId of ids) page.send({ type: 'disconnect', deviceId });
    for (const deviceId of ids) {
      await page.events.next('deviceDisconnected', (e) => e.device.id === deviceId && !e.reconnecting, {
        since: 0,
      });
    }

    // Every reading the bridge took in for the patient is stored once: none lost, none twice. A
    // reading decoded just before its device let go may still be on its way into the journal (its
    // fsync): what was taken is read once the journal has stopped growing between two looks.
    let all: ReturnType<typeof taken> = [];
    let previous = -1;
    await vi.waitFor(
      async () => {
        all = taken();
        const growing = all.length !== previous;
        previous = all.length;
        expect(growing, 'the journal is still growing').toBe(false);
        const stored = (await nurse.readings(patient!.id)).filter((r) => ids.includes(r.deviceId ?? ''));
        expect(stored.length).toBe(all.length);
      },
      { timeout: 30_000, interval: 300 },
    );
    expect(all.length).toBeGreaterThan(40);
    const key = (r: { deviceId: string | null; readingTime: string }) =>
      `${r.deviceId}|${new Date(r.readingTime).toISOString()}`;
    expect(new Set(all.map(key)).size).toBe(all.length);
    const stored = (await nurse.readings(patient!.id)).filter((r) => ids.includes(r.deviceId ?? ''));
    const counts = new Map<string, number>();
    for (const r of stored) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(counts.keys())).toEqual(new Set(all.map(key)));
    expect(fs.existsSync(`${dataDir}/dead-letter.jsonl`)).toBe(false);
  });
});
