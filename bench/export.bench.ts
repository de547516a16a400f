import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchPatient, fmt, report } from './lib.ts';
import { createBenchDatabase } from './pg-database.ts';
import { startServerProcess } from './server-process.ts';

/** 50,000 readings of heart rate and SpO2: 100,000 Observations (issue 41.4). */
const READINGS = Number(process.env.BENCH_EXPORT_READINGS ?? 50_000);
const HEALTH_BEFORE_MS = 3000;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The server process's resident memory now and at its peak (Linux /proc), in MB. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** Health requests one after another until `until` resolves: their latencies in ms. */
async function healthWhile(base: string, until: Promise<unknown> | number): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  if (typeof until === 'number') setTimeout(() => (done = true), until);
  else void until.finally(() => (done = true));
  while (!done) {
    const start = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    latencies.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 10));
  }
  return latencies.sort((a, b) => a - b);
}

/**
 * A Bulk Data export of 100,000 Observations beside the ward's work, on PostgreSQL: `/api/health`
 * latency before and during it, the export's duration, what a client polling its status sees
 * (202 with X-Progress before the 200), and the server's resident memory. Then the same patient's
 * `$everything`, as a client pages through it. Readings are written with generate_series.
 */
export async function benchExport() {
  console.log(`\n# A Bulk Data export of ${fmt(READINGS * 2)} Observations beside the ward (PostgreSQL)`);
  const bench = await createBenchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-export-'));
  const server = await startServerProcess({
    DATABASE_URL: bench.url,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    // Production needs its public address; the benchmark's client uses loopback.
    PUBLIC_URL: 'http://127.0.0.1',
    COOKIE_SECURE: 'false',
  });
  const base = server.baseUrl;
  try {
    const reg = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench.export', password: 'bench password' }),
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status}`);
    const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0]!;
    const admitted = await fetch(`${base}/api/patients`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(benchPatient('Export Bench')),
    });
    if (admitted.status !== 201) throw new Error(`admit: ${admitted.status}`);
    const patientId = ((await admitted.json()) as { id: number }).id;
    const db = new pg.Client({ connectionString: bench.url });
    await db.connect();
    const started = performance.now();
    await db.query(
      `insert into vital_readings (patient_id, device_id, device_name, connection_type, reading_time,
         heart_rate, oxygen_level, provenance, created_at)
       select $1, 'bench-monitor', 'Bench monitor', 'Bridge', now() - interval '1 second' * g,
         60 + g % 40, 90 + g % 10, 'device', now() - interval '1 second' * g
       from generate_series(1, $2) g`,
      [patientId, READINGS],
    );
    await db.query('analyze vital_readings');
    await db.end();
    report(
      'readings written with generate_series',
      `${fmt(READINGS)} in ${fmt(performance.now() - started)} ms`,
    );

    const before = await healthWhile(base, HEALTH_BEFORE_MS);
    const memoryBefore = memoryOf(server.pid);

    const kickOffAt = performance.now();
    const kickOff = await fetch(`${base}/fhir/R4/$export?_type=Observation`, {
      headers: { cookie, prefer: 'respond-async' },
    });
    if (kickOff.status !== 202) throw new Error(`kick-off: ${kickOff.status} ${await kickOff.text()}`);
    const statusUrl = new URL(kickOff.headers.get('content-location')!);
    const polls: { status: number; progress: string | null }[] = [];
    let peakRssMb = memoryBefore.rssMb;
    const poll = (async () => {
      for (;;) {
        const res = await fetch(`${base}${statusUrl.pathname}`, { headers: { cookie } });
        polls.push({ status: res.status, progress: res.headers.get('x-progress') });
        peakRssMb = Math.max(peakRssMb, memoryOf(server.pid).rssMb);
        if (res.status !== 202) return (await res.json()) as { output: { url: string; count: number }[] };
        await res.arrayBuffer();
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const during = await healthWhile(base, poll);
    const manifest = await poll;
    const exportMs = performance.now() - kickOffAt;
    const memoryAfter = memoryOf(server.pid);

    const exported = manifest.output.reduce((sum, f) => sum + f.count, 0);
    report('export: Observations in its files', `${fmt(exported)} in ${manifest.output.length} files`);
    report('export: duration, kick-off to manifest', `${fmt(exportMs / 1000, 1)} s`);
    const first200 = polls.findIndex((p) => p.status === 200);
    const progressSeen = polls.slice(0, first200).filter((p) => p.status === 202 && p.progress);
    report(
      'poller: 202 with X-Progress before the 200',
      `${progressSeen.length} of ${polls.length} polls (${progressSeen.at(-1)?.progress ?? 'none'})`,
    );
    report(
      'health before the export, p50 / p99',
      `${fmt(percentile(before, 50), 1)} / ${fmt(percentile(before, 99), 1)} ms (${before.length} requests)`,
    );
    const p99 = percentile(during, 99);
    report(
      'health during the export, p50 / p99 / max',
      `${fmt(percentile(during, 50), 1)} / ${fmt(p99, 1)} / ${fmt(during.at(-1) ?? Number.NaN, 1)} ms (${during.length} requests; goal p99 < 50 ms: ${p99 < 50 ? 'met' : 'NOT met'})`,
      { value: p99 / percentile(before, 99), goal: 'p99 during / before', ok: p99 < 50 },
    );
    report(
      'server RSS before / peak during / after the export',
      `${fmt(memoryBefore.rssMb)} / ${fmt(peakRssMb)} / ${fmt(memoryAfter.rssMb)} MB`,
    );

    // $everything of the same patient, paged as a client follows its next links.
    const everythingStart = performance.now();
    let url: string | undefined = `${base}/fhir/R4/Patient/${patientId}/$everything?_count=1000`;
    let pages = 0;
    let entries = 0;
    let bytes = 0;
    let largestPage = 0;
    let peakEverythingMb = memoryOf(server.pid).rssMb;
    const everythingBefore = peakEverythingMb;
    while (url) {
      const res = await fetch(url, { headers: { cookie } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`$everything: ${res.status} ${text.slice(0, 200)}`);
      const bundle = JSON.parse(text) as { entry?: unknown[]; link?: { relation: string; url: string }[] };
      pages++;
      entries += bundle.entry?.length ?? 0;
      bytes += text.length;
      largestPage = Math.max(largestPage, text.length);
      peakEverythingMb = Math.max(peakEverythingMb, memoryOf(server.pid).rssMb);
      const next = bundle.link?.find((l) => l.relation === 'next')?.url;
      url = next ? `${base}${new URL(next).pathname}${new URL(next).search}` : undefined;
    }
    report(
      '$everything: entries, pages, largest page',
      `${fmt(entries)} in ${pages} page${pages === 1 ? '' : 's'}, ${fmt(largestPage / 1e6, 1)} MB largest (${fmt(bytes / 1e6, 1)} MB in all)`,
    );
    report('$everything: duration, all pages', `${fmt((performance.now() - everythingStart) / 1000, 1)} s`);
    report(
      '$everything: server RSS before / peak while paging',
      `${fmt(everythingBefore)} / ${fmt(peakEverythingMb)} MB (process peak ${fmt(memoryOf(server.pid).peakMb)} MB)`,
    );
  } finally {
    await server.stop();
    await bench.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
