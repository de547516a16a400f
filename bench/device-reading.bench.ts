import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Patient, ReadingEventData } from '@vigil/domain';
import { connectBridge } from '../apps/bridge/test/support/bridge-client.ts';
import { type RunningBridge, startBridge } from '../apps/bridge/test/support/bridge-process.ts';
import { openSse } from '../apps/server/test/sse-client.ts';
import { fmt, report } from './lib.ts';
import { startServerProcess } from './server-process.ts';

const READINGS = 150;
const SIM_INTERVAL_MS = 100;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function nurse(base: string, username: string) {
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'bench password' }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const api = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`${base}${p}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!answer.ok) throw new Error(`${method} ${p}: ${answer.status}`);
    return (await answer.json()) as T;
  };
  return { cookie, api };
}

/**
 * A device's reading → another nurse's screen: the bridge in Simulation Mode measures a heart rate
 * every 100 ms for a demo patient; another nurse's event stream receives each reading. The latency
 * is its arrival minus the time the bridge decoded it (the reading's own time; one machine, one
 * clock). p50 and p99 over 150 readings, on the embedded database; goal p99 < 1 s.
 */
export async function benchDeviceReading() {
  console.log(`\n# A device reading → another nurse's screen (bridge in simulation, PGlite, ${READINGS})`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-device-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
  const base = server.baseUrl;
  let bridge: RunningBridge | undefined;
  try {
    bridge = await startBridge({
      args: ['--simulate', '--vigil-url', base, '--sim-interval-ms', String(SIM_INTERVAL_MS)],
    });
    const holder = await nurse(base, 'bench.holder');
    const watcher = await nurse(base, 'bench.watcher');
    const patient = (await holder.api<Patient[]>('GET', '/api/patients')).find((p) => p.isDemo);
    if (!patient) throw new Error('no demo patient');
    const { pairingToken } = await holder.api<{ pairingToken: string }>('POST', '/api/bridge/pairings');
    const page = await connectBridge(bridge.url, { origin: base, pairingToken });
    const stream = await openSse(`${base}/api/events`, { cookie: watcher.cookie });

    const latencies: number[] = [];
    const done = new Promise<void>((resolve) => {
      stream.waitFor((m) => {
        const at = Date.now();
        const event = JSON.parse(m.data) as { type: string; patientId: number | null; data: unknown };
        if (event.type !== 'reading' || event.patientId !== patient.id) return false;
        for (const r of ReadingEventData.parse(event.data).readings)
          latencies.push(at - Date.parse(r.readingTime));
        if (latencies.length < READINGS) return false;
        resolve();
        return true;
      }, 120_000);
    });

    page.send({ type: 'startScan' });
    const found = await page.events.next(
      'deviceFound',
      (e) => e.device.name === 'Simulated Heart Rate Monitor',
      {
        since: 0,
      },
    );
    page.send({ type: 'stopScan' });
    page.send({ type: 'connect', deviceId: found.device.id });
    await page.events.next('deviceConnected', (e) => e.device.id === found.device.id, { since: 0 });
    const token = await holder.api<{ token: string }>('POST', '/api/device-tokens', {
      patientId: patient.id,
      label: 'Bench bridge',
      expiresInDays: 1,
    });
    page.send({
      type: 'sendToCloud',
      deviceId: found.device.id,
      endpoint: `${base}/api/device-readings`,
      patientId: patient.id,
      deviceToken: token.token,
    });
    await done;
    stream.close();
    await page.close();

    // The first readings waited for the link itself; count from the moment the device streamed.
    const steady = latencies.slice(10).sort((a, b) => a - b);
    report('decoded → on another screen, p50', `${fmt(percentile(steady, 50), 1)} ms`);
    const p99 = percentile(steady, 99);
    report(
      'decoded → on another screen, p99',
      `${fmt(p99, 1)} ms  (goal < 1 s: ${p99 < 1000 ? 'met' : 'NOT met'})`,
    );
    report('decoded → on another screen, max', `${fmt(steady.at(-1)!, 1)} ms`);
  } finally {
    await bridge?.kill('SIGTERM');
    await server.stop();
    if (bridge) fs.rmSync(bridge.dataDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
