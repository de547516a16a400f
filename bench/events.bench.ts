import fs from 'node:fs';
import http from 'node:http';
import { connectInspector } from './inspector.ts';
import { benchPatient, fmt, report } from './lib.ts';
import { createBenchDatabase } from './pg-database.ts';
import { startServerProcess } from './server-process.ts';

const CLIENTS = 1000;
const POSTS = 40;

const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Issue 5: with 1000 connected event-stream clients on PostgreSQL, the time from POST to receipt
 * (p50, p99; goal p99 < 100 ms) and the server's memory per client. The server runs as its own
 * process (`apps/server/src/main.ts`) so its memory is its own.
 */
export async function benchEvents() {
  console.log(`\n# Live events (PostgreSQL, ${CLIENTS} clients)`);
  const bench = await createBenchDatabase();
  const server = await startServerProcess(
    { DATABASE_URL: bench.url, EVENT_STREAMS_PER_USER: String(CLIENTS) },
    { inspect: true },
  );
  const inspector = await connectInspector(server.inspectorUrl!);
  const base = server.baseUrl;
  const streams: http.ClientRequest[] = [];
  try {
    const reg = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench.events', password: 'bench password' }),
    });
    const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0]!;
    const admit = await fetch(`${base}/api/patients`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(benchPatient('Bench')),
    });
    const patientId = ((await admit.json()) as { id: number }).id;
    await sleep(500);
    const heapWithout = await inspector.heapUsedAfterGc();
    const rssBefore = rssKb(server.pid);

    // Each client records when it saw each reading (by heart rate, unique per post).
    const arrivals = new Map<number, number[]>();
    let connected = 0;
    const open = () =>
      new Promise<void>((resolve, reject) => {
        const req = http.get(`${base}/api/events`, { headers: { cookie }, agent: false }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
          connected++;
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            const at = performance.now();
            for (const match of chunk.matchAll(/"type":"reading".*?"heartRate":(\d+)/g)) {
              const hr = Number(match[1]);
              const list = arrivals.get(hr) ?? [];
              list.push(at);
              arrivals.set(hr, list);
            }
          });
          res.on('error', () => {});
          resolve();
        });
        req.on('error', () => {});
        streams.push(req);
      });
    for (let i = 0; i < CLIENTS; i += 50) await Promise.all(Array.from({ length: 50 }, open));
    await sleep(1000);
    const heapWith = await inspector.heapUsedAfterGc();
    const rssAfter = rssKb(server.pid);

    const latencies: number[] = [];
    for (let i = 0; i < POSTS; i++) {
      const hr = 100 + i;
      const sentAt = performance.now();
      const res = await fetch(`${base}/api/device-readings`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          patientId,
          deviceId: 'bench',
          readingTime: new Date(Date.now() - (POSTS - i) * 1000).toISOString(),
          heartRate: hr,
        }),
      });
      await res.arrayBuffer();
      const deadline = performance.now() + 5000;
      while ((arrivals.get(hr)?.length ?? 0) < connected && performance.now() < deadline) await sleep(2);
      for (const at of arrivals.get(hr) ?? []) latencies.push(at - sentAt);
      await sleep(50);
    }
    const received = latencies.length;
    latencies.sort((a, b) => a - b);
    report('connected event-stream clients', `${fmt(connected)}`);
    report('events received (clients × posts)', `${fmt(received)} of ${fmt(connected * POSTS)}`);
    report('POST → receipt, p50', `${fmt(percentile(latencies, 50), 1)} ms`);
    const p99 = percentile(latencies, 99);
    report('POST → receipt, p99', `${fmt(p99, 1)} ms  (goal < 100 ms: ${p99 < 100 ? 'met' : 'NOT met'})`);
    // Both readings follow a full collection: uncollected garbage made the resident figure vary by
    // a third from run to run. The JavaScript heap is the part of it the server's code decides.
    const perClient = ((rssAfter - rssBefore) * 1024) / connected / 1024;
    report(
      'server memory per connected client',
      `${fmt(perClient, 1)} KiB resident (RSS ${fmt(rssBefore / 1024)} → ${fmt(rssAfter / 1024)} MiB, after a full collection)  (goal < 15 KiB: ${perClient < 15 ? 'met' : 'NOT met'})`,
    );
    report('  of which JavaScript heap', `${fmt((heapWith - heapWithout) / connected / 1024, 1)} KiB`);
  } finally {
    for (const req of streams) req.destroy();
    inspector.close();
    await server.stop();
    await bench.drop();
  }
}
