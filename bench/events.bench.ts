import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { connectInspector, inspectorUrlOf } from './inspector.ts';
import { benchPatient, fmt, report } from './lib.ts';
import { createBenchDatabase } from './pg-database.ts';
import { startServerProcess } from './server-process.ts';

const CLIENTS = 1000;
const POSTS = 40;
/** The device-rate round: this many patients, each sending a reading a second, for this long. */
const DEVICE_PATIENTS = 30;
const DEVICE_SECONDS = 20;

/** The process's CPU time (user and system) so far, in milliseconds. */
const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of /proc/pid/stat (12 and 13 after the name), in clock ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Resident and JavaScript heap per stream, each reading after a full collection. `openMore` opens
 * another CLIENTS streams and says how many are connected in all; `between` runs with the first
 * CLIENTS open (the latency rounds). The first thousand, opened on a fresh process, pay what a
 * process pays once: the binary's code paged in as it first runs, V8's spaces and the threads'
 * allocator arenas growing. The second thousand pays only what a stream costs: that is the figure
 * per client; the first is printed besides ("cold").
 */
async function memoryPerStream(
  pid: number,
  inspector: Awaited<ReturnType<typeof connectInspector>>,
  openMore: () => Promise<number>,
  between: () => Promise<void> = async () => {},
) {
  const point = async () => {
    const heap = await inspector.heapUsedAfterGc();
    return { heap, rss: rssKb(pid) };
  };
  const p0 = await point();
  const first = await openMore();
  await sleep(1000);
  const p1 = await point();
  await between();
  const before = await point();
  const both = await openMore();
  await sleep(1000);
  const p2 = await point();
  const second = both - first;
  return {
    residentKiB: (p2.rss - before.rss) / second,
    heapKiB: (p2.heap - before.heap) / second / 1024,
    coldResidentKiB: (p1.rss - p0.rss) / first,
    rss: [before.rss / 1024, p2.rss / 1024],
  };
}

/**
 * As many streams held by a bare node:http server (bare-event-server.ts): what Node itself costs
 * per open connection, measured in the same run.
 */
async function bareStreamMemory() {
  const child = spawn(
    process.execPath,
    ['--inspect=127.0.0.1:0', '--import', 'tsx', 'bench/bare-event-server.ts'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const inspectorUrl = inspectorUrlOf(child);
  const port = await new Promise<number>((resolve) =>
    child.stdout!.once('data', (d) => resolve(Number(String(d).trim()))),
  );
  const inspector = await connectInspector(await inspectorUrl);
  const held: http.ClientRequest[] = [];
  try {
    const open = () =>
      new Promise<void>((resolve, reject) => {
        const req = http.get(`http://127.0.0.1:${port}/`, { agent: false }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
          res.resume();
          resolve();
        });
        req.on('error', () => {});
        held.push(req);
      });
    return await memoryPerStream(child.pid!, inspector, async () => {
      for (let i = 0; i < CLIENTS; i += 50) await Promise.all(Array.from({ length: 50 }, open));
      return held.length;
    });
  } finally {
    for (const req of held) req.destroy();
    inspector.close();
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * With 1000 connected event-stream clients on PostgreSQL, the time from POST to receipt
 * (p50, p99; goal p99 < 100 ms); then, over 1000 more, the server's memory per client. The server
 * runs as its own process (`apps/server/src/main.ts`) so its memory is its own.
 */
export async function benchEvents() {
  console.log(`\n# Live events (PostgreSQL, ${CLIENTS} clients)`);
  const bench = await createBenchDatabase();
  const server = await startServerProcess(
    { DATABASE_URL: bench.url, EVENT_STREAMS_PER_USER: String(2 * CLIENTS) },
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

    // Each client records when it saw each reading (by heart rate, unique per post), and at device
    // rate by its time (unique per reading); every event delivered is counted.
    const arrivals = new Map<number, number[]>();
    const arrivalsByTime = new Map<string, number[]>();
    let delivered = 0;
    let connected = 0;
    const open = () =>
      new Promise<void>((resolve, reject) => {
        const req = http.get(`${base}/api/events`, { headers: { cookie }, agent: false }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
          connected++;
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            const at = performance.now();
            for (const _ of chunk.matchAll(/^data: /gm)) delivered++;
            for (const match of chunk.matchAll(/"type":"reading".*?"heartRate":(\d+)/g)) {
              const hr = Number(match[1]);
              const list = arrivals.get(hr) ?? [];
              list.push(at);
              arrivals.set(hr, list);
            }
            for (const match of chunk.matchAll(/"type":"reading".*?"readingTime":"([^"]+)"/g)) {
              const list = arrivalsByTime.get(match[1]!) ?? [];
              list.push(at);
              arrivalsByTime.set(match[1]!, list);
            }
          });
          res.on('error', () => {});
          resolve();
        });
        req.on('error', () => {});
        streams.push(req);
      });
    // The latency rounds run with the first CLIENTS streams open; the memory per stream is then read
    // over the next CLIENTS.
    const latencies: number[] = [];
    let latencyClients = 0;
    const memory = await memoryPerStream(
      server.pid,
      inspector,
      async () => {
        for (let i = 0; i < CLIENTS; i += 50) await Promise.all(Array.from({ length: 50 }, open));
        return connected;
      },
      async () => {
        latencyClients = connected;
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
        // Device rate: DEVICE_PATIENTS patients each sending a reading a second to the open streams.
        const devicePatients: number[] = [];
        for (let p = 0; p < DEVICE_PATIENTS; p++) {
          const res = await fetch(`${base}/api/patients`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify(benchPatient(`Monitored ${p + 1}`)),
          });
          devicePatients.push(((await res.json()) as { id: number }).id);
        }
        await sleep(1000);
        const sentAt = new Map<string, number>();
        const deliveredBefore = delivered;
        const cpuBefore = cpuMs(server.pid);
        const start = performance.now();
        const t0 = Date.now() - DEVICE_SECONDS * 1000 - 10_000;
        for (let second = 0; second < DEVICE_SECONDS; second++) {
          const tick = start + second * 1000;
          await Promise.all(
            devicePatients.map(async (id, p) => {
              // Each patient's monitor at its own moment within the second.
              await sleep(Math.max(0, tick + (p * 1000) / DEVICE_PATIENTS - performance.now()));
              const readingTime = new Date(t0 + second * 1000 + p).toISOString();
              sentAt.set(readingTime, performance.now());
              const res = await fetch(`${base}/api/device-readings`, {
                method: 'POST',
                headers: { cookie, 'content-type': 'application/json' },
                body: JSON.stringify({
                  patientId: id,
                  deviceId: `monitor-${p}`,
                  connectionType: 'Bluetooth',
                  readingTime,
                  heartRate: 60 + ((second * 7 + p) % 40),
                  oxygenLevel: 94 + (second % 5),
                }),
              });
              await res.arrayBuffer();
            }),
          );
        }
        const deadline = performance.now() + 5000;
        const expected = sentAt.size * connected;
        const arrived = () =>
          [...sentAt.keys()].reduce((n, t) => n + (arrivalsByTime.get(t)?.length ?? 0), 0);
        while (arrived() < expected && performance.now() < deadline) await sleep(20);
        const cpu = cpuMs(server.pid) - cpuBefore;
        const fanOut: number[] = [];
        for (const [time, at] of sentAt)
          for (const seen of arrivalsByTime.get(time) ?? []) fanOut.push(seen - at);
        fanOut.sort((a, b) => a - b);
        const events = delivered - deliveredBefore;
        report(
          `device rate: ${DEVICE_PATIENTS} patients × 1 reading/s for ${DEVICE_SECONDS} s to ${fmt(connected)} streams`,
          `${fmt(arrived())} of ${fmt(expected)} reading events received`,
        );
        report(
          '  POST → receipt, p50 / p99',
          `${fmt(percentile(fanOut, 50), 1)} / ${fmt(percentile(fanOut, 99), 1)} ms`,
        );
        report(
          '  server CPU per delivered event',
          `${fmt((cpu * 1000) / Math.max(events, 1), 1)} µs (${fmt(events)} events, ${fmt(cpu)} ms CPU in ${fmt((performance.now() - start) / 1000, 1)} s)`,
        );
      },
    );
    const received = latencies.length;
    latencies.sort((a, b) => a - b);
    report('connected event-stream clients', `${fmt(latencyClients)}`);
    report('events received (clients × posts)', `${fmt(received)} of ${fmt(latencyClients * POSTS)}`);
    report('POST → receipt, p50', `${fmt(percentile(latencies, 50), 1)} ms`);
    const p99 = percentile(latencies, 99);
    report('POST → receipt, p99', `${fmt(p99, 1)} ms  (goal < 100 ms: ${p99 < 100 ? 'met' : 'NOT met'})`);
    // Each reading follows a full collection: uncollected garbage made the resident figure vary by
    // a third from run to run. The JavaScript heap is the part of it the server's code decides; a
    // bare node:http server holding as many streams says what Node itself costs.
    const bare = await bareStreamMemory();
    report(
      'server memory per connected client',
      `${fmt(memory.residentKiB, 1)} KiB resident, streams ${fmt(CLIENTS + 1)}–${fmt(2 * CLIENTS)} (RSS ${fmt(memory.rss[0]!)} → ${fmt(memory.rss[1]!)} MiB, after a full collection)  (goal < 15 KiB: ${memory.residentKiB < 15 ? 'met' : 'NOT met'})`,
    );
    report('  of which JavaScript heap', `${fmt(memory.heapKiB, 1)} KiB`);
    report(
      '  the first thousand, on a fresh process (cold)',
      `${fmt(memory.coldResidentKiB, 1)} KiB resident`,
    );
    report(
      '  bare node:http holding as many streams (baseline)',
      `${fmt(bare.residentKiB, 1)} KiB resident, ${fmt(bare.heapKiB, 1)} KiB heap (cold: ${fmt(bare.coldResidentKiB, 1)} KiB)  ratio ${fmt(bare.residentKiB / memory.residentKiB, 2)}`,
    );
  } finally {
    for (const req of streams) req.destroy();
    inspector.close();
    await server.stop();
    await bench.drop();
  }
}
