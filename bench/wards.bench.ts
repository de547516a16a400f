import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { benchPatient, fmt, report } from './lib.ts';
import { createBenchDatabase } from './pg-database.ts';
import { startServerProcess } from './server-process.ts';

/** The hospital of issue 43: 40 wards of 30 beds, a patient in each (1,200). */
const WARDS = 40;
const BEDS = 30;
/** One patient in ten deteriorating (NEWS2 ≥ 5): the outreach list's share of the hospital. */
const AT_RISK_EVERY = 10;
const LATENCY_REQUESTS = 200;
const BUSY_SECONDS = Number(process.env.BENCH_WARDS_SECONDS ?? 10);
const SENDERS = 8;
const PASSWORD = 'bench password';

/** NEWS2 ≥ 5 (RR 24 → 2, SpO2 93 → 2, pulse 112 → 2; RCP NEWS2 chart). */
const URGENT = { respiratoryRate: 24, oxygenLevel: 93, pulse: 112 };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function client(base: string) {
  const pool = new Pool(base, { connections: 16 });
  const request = async (
    method: string,
    url: string,
    cookie: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await pool.request({
      path: url,
      method: method as 'GET',
      headers: { cookie, 'content-type': 'application/json', origin: base, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode >= 300 && res.statusCode !== 304)
      throw new Error(`${method} ${url}: ${res.statusCode} ${text}`);
    return {
      status: res.statusCode,
      etag: String(res.headers.etag ?? ''),
      json: () => JSON.parse(text) as unknown,
      cookie: res.headers['set-cookie'],
    };
  };
  return { request, close: () => pool.close() };
}

const cookieOf = (header: string | string[] | undefined) =>
  String(Array.isArray(header) ? header[0] : (header ?? '')).split(';')[0]!;

/** Runs `fn` over `items`, `concurrency` at a time. */
async function inBatches<T>(items: readonly T[], concurrency: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** The latency of `count` sequential GETs, p50 and p95 in ms. */
async function latency(run: () => Promise<unknown>, count = LATENCY_REQUESTS) {
  for (let i = 0; i < 20; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const ms = (l: { p50: number; p95: number }) => `p50 ${fmt(l.p50, 1)} ms, p95 ${fmt(l.p95, 1)} ms`;

/**
 * A hospital of 40 wards × 30 beds (issue 43, decision 035): the outreach list's latency and the
 * per-ward list's, each against the hospital-wide patient list of the same server (1,200 patients,
 * from memory) as baseline; then every ward busy at once, one stream per ward (its nurse's) and the
 * outreach team's: events per second reaching a ward's stream, against the hospital-wide stream's
 * rate divided by the wards, and the count of events delivered to a ward that is not theirs.
 */
export async function benchWards() {
  console.log(`\n# A hospital of ${WARDS} wards × ${BEDS} beds (PostgreSQL)`);
  const database = await createBenchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-wards-'));
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
    EVENT_STREAMS_PER_USER: '100',
  });
  const base = server.baseUrl;
  const api = client(base);
  const streams: http.ClientRequest[] = [];
  try {
    const reg = await api.request('POST', '/api/register', '', {
      username: 'bench.admin',
      password: PASSWORD,
    });
    const admin = cookieOf(reg.cookie);
    const as = (cookie: string) => ({
      get: (url: string) => api.request('GET', url, cookie).then((r) => r.json()),
      post: (url: string, body: unknown) => api.request('POST', url, cookie, body).then((r) => r.json()),
      put: (url: string, body: unknown) => api.request('PUT', url, cookie, body).then((r) => r.json()),
    });
    const root = as(admin);

    // Ward 1 exists (migration 0019); 39 more, each laid out with 30 beds in 5 bays.
    const wardIds = [1];
    for (let w = 2; w <= WARDS; w++)
      wardIds.push(
        ((await root.post('/api/wards', { name: `Ward ${w}`, code: `W${w}` })) as { id: number }).id,
      );
    const bedsOf = new Map<number, number[]>();
    await inBatches(wardIds, 4, async (wardId) => {
      const layout = (await root.put(`/api/ward/layout?ward=${wardId}`, {
        bays: Array.from({ length: BEDS / 6 }, (_, b) => ({
          name: `Bay ${b + 1}`,
          beds: Array.from({ length: 6 }, (_, i) => ({ label: `${b + 1}${String.fromCharCode(65 + i)}` })),
        })),
      })) as { bays: { beds: { id: number }[] }[] };
      bedsOf.set(
        wardId,
        layout.bays.flatMap((bay) => bay.beds.map((bed) => bed.id)),
      );
    });

    // A nurse per ward (created by the administrator, her password changed), and the outreach team.
    const person = async (username: string, role: string, wards: number[]) => {
      const created = (await root.post('/api/accounts', { username, role })) as {
        account: { id: number };
        temporaryPassword: string;
      };
      const login = await api.request('POST', '/api/login', '', {
        username,
        password: created.temporaryPassword,
      });
      const cookie = cookieOf(login.cookie);
      await as(cookie).post('/api/account/password', {
        currentPassword: created.temporaryPassword,
        newPassword: PASSWORD,
      });
      await root.put(`/api/accounts/${created.account.id}/wards`, { wardIds: wards });
      return cookie;
    };
    const nurses = new Map<number, string>();
    await inBatches(wardIds, 4, async (wardId) => {
      nurses.set(wardId, await person(`bench.nurse.${wardId}`, 'nurse', [wardId]));
    });
    const outreach = await person('bench.outreach', 'outreach', []);

    // 1,200 patients, each in a bed; one in ten deteriorating.
    const wardOfPatient = new Map<number, number>();
    const slots = wardIds.flatMap((wardId) => bedsOf.get(wardId)!.map((bedId, i) => ({ wardId, bedId, i })));
    await inBatches(slots, 8, async ({ wardId, bedId, i }) => {
      const risky = i % AT_RISK_EVERY === 0;
      const patient = (await as(nurses.get(wardId)!).post('/api/patients', {
        ...benchPatient(`Bench ${wardId}-${i}`),
        ...(risky ? URGENT : {}),
      })) as { id: number };
      wardOfPatient.set(patient.id, wardId);
      await as(nurses.get(wardId)!).put(`/api/patients/${patient.id}/bed`, { bedId });
    });
    const patientIds = [...wardOfPatient.keys()];

    // ── latency: the outreach list and a ward's list, against the hospital-wide list ──
    const everyone = await latency(() => root.get('/api/patients'));
    const outreachList = (await as(outreach).get('/api/outreach/patients')) as unknown[];
    const outreachLatency = await latency(() => as(outreach).get('/api/outreach/patients'));
    const wardList = (await as(nurses.get(1)!).get('/api/patients')) as unknown[];
    const wardLatency = await latency(() => as(nurses.get(1)!).get('/api/patients'));
    report(`GET /api/patients, hospital-wide (${fmt(patientIds.length)} patients; baseline)`, ms(everyone));
    const outreachRatio = outreachLatency.p50 / everyone.p50;
    report(
      `GET /api/outreach/patients (${outreachList.length} at risk of ${patientIds.length})`,
      ms(outreachLatency),
      {
        value: outreachRatio,
        goal: 'p50 ≤ 3× the hospital list',
        ok: outreachRatio <= 3,
      },
    );
    const wardRatio = wardLatency.p50 / everyone.p50;
    report(`GET /api/patients, one ward's nurse (${wardList.length} patients)`, ms(wardLatency), {
      value: wardRatio,
      goal: 'p50 ≤ 1× the hospital list',
      ok: wardRatio <= 1,
    });
    // The outreach list (every ward's at-risk patients) against one ward's list, both from memory.
    const outreachToWard = outreachLatency.p50 / wardLatency.p50;
    report(`GET /api/outreach/patients against a ward's list (baseline, same run)`, ms(outreachLatency), {
      value: outreachToWard,
      goal: "p50 ≤ 3× a ward's list",
      ok: outreachToWard <= 3,
    });
    // Its revalidation: the client's copy is current (If-None-Match → 304, no body).
    const first = await api.request('GET', '/api/outreach/patients', outreach);
    const revalidate = await latency(async () => {
      const res = await api.request('GET', '/api/outreach/patients', outreach, undefined, {
        'if-none-match': first.etag,
      });
      if (res.status !== 304) throw new Error(`outreach revalidation: ${res.status}, not 304`);
    });
    const revalidateRatio = revalidate.p50 / wardLatency.p50;
    report(`GET /api/outreach/patients with If-None-Match (304)`, ms(revalidate), {
      value: revalidateRatio,
      goal: "p50 ≤ 1× a ward's list",
      ok: revalidateRatio <= 1,
    });

    // ── every ward busy: a stream per ward and the outreach team's ──
    const received = new Map<number, number>();
    let crossWard = 0;
    let outreachReceived = 0;
    const open = (cookie: string, onPatient: (patientId: number) => void) =>
      new Promise<void>((resolve, reject) => {
        const req = http.get(`${base}/api/events`, { headers: { cookie }, agent: false }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
          res.setEncoding('utf8');
          let buffered = '';
          res.on('data', (chunk: string) => {
            buffered += chunk;
            const frames = buffered.split('\n\n');
            buffered = frames.pop()!;
            for (const frame of frames) {
              const line = frame.split('\n').find((l) => l.startsWith('data: '));
              if (!line) continue;
              const event = JSON.parse(line.slice(6)) as { type: string; patientId?: number | null };
              if (event.type === 'reading' && typeof event.patientId === 'number') onPatient(event.patientId);
            }
          });
          res.on('error', () => {});
          resolve();
        });
        req.on('error', () => {});
        streams.push(req);
      });
    for (const wardId of wardIds)
      await open(nurses.get(wardId)!, (patientId) => {
        if (wardOfPatient.get(patientId) === wardId) received.set(wardId, (received.get(wardId) ?? 0) + 1);
        else crossWard++;
      });
    await open(outreach, () => outreachReceived++);
    await new Promise((r) => setTimeout(r, 500));

    let sent = 0;
    let lastTime = Date.now() - 60_000;
    const start = performance.now();
    const end = start + BUSY_SECONDS * 1000;
    // The outreach team's list while every ward records (each reading changes what it holds): 4 a second.
    const busyOutreach: number[] = [];
    const sampling = (async () => {
      while (performance.now() < end) {
        const at = performance.now();
        await as(outreach).get('/api/outreach/patients');
        busyOutreach.push(performance.now() - at);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    await Promise.all(
      Array.from({ length: SENDERS }, async (_, s) => {
        for (let i = s; performance.now() < end; i += SENDERS) {
          const patientId = patientIds[i % patientIds.length]!;
          lastTime = Math.max(lastTime + 1, Date.now() - 30_000);
          await as(nurses.get(wardOfPatient.get(patientId)!)!).post('/api/device-readings', {
            patientId,
            deviceName: 'Ward observations',
            connectionType: 'manual',
            readingTime: new Date(lastTime).toISOString(),
            heartRate: 70 + (i % 20),
            oxygenLevel: 97,
          });
          sent++;
        }
      }),
    );
    await sampling;
    const seconds = (performance.now() - start) / 1000;
    await new Promise((r) => setTimeout(r, 2000)); // the last events on their way
    const perWard = wardIds.map((w) => received.get(w) ?? 0);
    const delivered = perWard.reduce((a, b) => a + b, 0);
    report(
      `readings posted across ${WARDS} wards (${SENDERS} senders, ${fmt(seconds, 1)} s)`,
      `${fmt(sent / seconds)} /s`,
    );
    report(
      `hospital-wide stream (outreach): reading events (baseline)`,
      `${fmt(outreachReceived / seconds, 1)} /s (${fmt(outreachReceived)} of ${fmt(sent)})`,
    );
    const mean = delivered / WARDS / seconds;
    const ratio = delivered / outreachReceived || 0;
    report(
      `a ward's stream: its own ward's reading events`,
      `mean ${fmt(mean, 1)} /s, min ${fmt(Math.min(...perWard) / seconds, 1)} /s, max ${fmt(Math.max(...perWard) / seconds, 1)} /s`,
      { value: ratio, goal: 'Σ wards = hospital-wide (1.00)', ok: Math.abs(ratio - 1) < 0.01 },
    );
    busyOutreach.sort((a, b) => a - b);
    const busy = { p50: percentile(busyOutreach, 50), p95: percentile(busyOutreach, 95) };
    report(
      `GET /api/outreach/patients while every ward records (${busyOutreach.length} reads; against a ward's list idle)`,
      `${ms(busy)} (${fmt(busy.p50 / wardLatency.p50, 1)}× a ward's list idle)`,
    );
    report(`cross-ward events delivered to a ward's stream`, `${crossWard}`, {
      value: crossWard,
      goal: '0',
      ok: crossWard === 0,
    });
  } finally {
    for (const s of streams) s.destroy();
    await api.close();
    await server.stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
