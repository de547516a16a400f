import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmt, report } from './lib.ts';
import { createBenchDatabase } from './pg-database.ts';
import { startServerProcess } from './server-process.ts';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 4);
const AUTOCANNON = path.resolve('node_modules/autocannon/autocannon.js');

/** CPU time (user + system) a process has used so far, in ms (clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

interface Load {
  perSecond: number;
  /** The serving process's CPU per answer: what the load generator's own limit does not hide. */
  cpuMsPerRequest: number;
}

/** Load on `url` by autocannon (a process of its own, as the servers are), served by process `pid`. */
async function load(url: string, pid: number, headers: Record<string, string> = {}): Promise<Load> {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon(url, headers);
  return {
    perSecond: result.total / result.seconds,
    cpuMsPerRequest: (cpuMs(pid) - cpuBefore) / (result.total + result.warmUp),
  };
}

function autocannon(
  url: string,
  headers: Record<string, string>,
): Promise<{ total: number; seconds: number; warmUp: number }> {
  const args = [
    AUTOCANNON,
    '-j',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(SECONDS),
    '-W',
    '[',
    '-c',
    '8',
    '-d',
    '1',
    ']',
  ];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) =>
    execFile(process.execPath, args, { maxBuffer: 16 << 20 }, (error, stdout) => {
      if (error) return reject(error);
      // With a warm-up, autocannon prints the warm-up's result first: the measured one is the last line.
      const lines = stdout.trim().split('\n');
      type Result = { requests: { total: number }; duration: number; non2xx: number; errors: number };
      let parsed: (Result | null)[];
      try {
        parsed = [lines.at(-1)!, lines.at(-2)].map((line) => (line ? (JSON.parse(line) as Result) : null));
      } catch (failure) {
        // Thrown in this callback it would escape the bench's finally blocks and leave servers running.
        return reject(failure);
      }
      const [result, warmUp] = parsed;
      if (!result || result.non2xx > 0 || result.errors > 0) {
        return reject(new Error(`${url}: ${result?.non2xx} non-2xx answers, ${result?.errors} errors`));
      }
      resolve({
        total: result.requests.total,
        seconds: result.duration,
        warmUp: warmUp?.requests.total ?? 0,
      });
    }),
  );
}

/** A bare node:http server answering with exactly these bytes and headers (bare-server.ts). */
async function startBareServer(body: string, headers: Record<string, string>) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bare-')), 'answer.json');
  fs.writeFileSync(file, JSON.stringify({ body, headers }));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts', file], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', () => reject(new Error('the bare server did not start')));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

const perSecond = (l: Load) => `${fmt(l.perSecond)} req/s, ${fmt(l.cpuMsPerRequest * 1000)} µs CPU each`;

/**
 * One signed-in GET against a bare node:http server sending its bytes and headers: requests per
 * second of each under the same load generator, and their ratio.
 */
async function compare(base: string, path: string, cookie: string, serverPid: number) {
  const first = await fetch(`${base}${path}`, { headers: { cookie } });
  const body = await first.text();
  if (first.status !== 200) throw new Error(`GET ${path}: ${first.status} ${body}`);
  const headers: Record<string, string> = {};
  first.headers.forEach((value, key) => {
    if (key !== 'date' && key !== 'connection' && key !== 'keep-alive') headers[key] = value;
  });
  const bare = await startBareServer(body, headers);
  try {
    const bareLoad = await load(bare.url, bare.pid);
    const served = await load(`${base}${path}`, serverPid, { cookie });
    return { body, bare: bareLoad, served, ratio: served.perSecond / bareLoad.perSecond };
  } finally {
    await bare.stop();
  }
}

/**
 * The signed-in ward list (and one record) against a bare node:http server sending the
 * same bytes with the same headers, each loaded by autocannon in a process of its own.
 */
async function benchListOn(label: string, env: Record<string, string>) {
  const server = await startServerProcess({ SEED_DEMO: 'true', ...env });
  const base = server.baseUrl;
  try {
    const reg = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `bench.list.${Date.now()}`, password: 'bench password' }),
    });
    const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0]!;
    const list = await compare(base, '/api/patients', cookie, server.pid);
    const count = (JSON.parse(list.body) as unknown[]).length;
    report(`bare node:http, the same ${fmt(list.body.length)} bytes (${label})`, `${perSecond(list.bare)}`);
    report(`GET /api/patients signed in, ${count} patients (${label})`, perSecond(list.served), {
      value: list.ratio,
      goal: '≥ 0.25',
      ok: list.ratio >= 0.25,
    });
    const id = (JSON.parse(list.body) as { id: number }[])[0]!.id;
    const record = await compare(base, `/api/patients/${id}`, cookie, server.pid);
    report(`bare node:http, the same ${fmt(record.body.length)} bytes (${label})`, perSecond(record.bare));
    report(`GET /api/patients/:id signed in (${label})`, perSecond(record.served), {
      value: record.ratio,
      goal: '≥ 0.25',
      ok: record.ratio >= 0.25,
    });
  } finally {
    await server.stop();
  }
}

/** Production mode needs a public address; the benchmark's clients use loopback anyway. */
const BENCH_PUBLIC_URL = 'http://127.0.0.1';

export async function benchList() {
  console.log(`\n# The ward list under load (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-list-'));
  try {
    await benchListOn('PGlite', {
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PUBLIC_URL: BENCH_PUBLIC_URL,
      COOKIE_SECURE: 'false',
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const bench = await createBenchDatabase();
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-list-'));
  try {
    await benchListOn('PostgreSQL', {
      DATABASE_URL: bench.url,
      DATA_DIR: pgDataDir, // the audit key's folder
      NODE_ENV: 'production',
      PUBLIC_URL: BENCH_PUBLIC_URL,
      COOKIE_SECURE: 'false',
    });
  } finally {
    await bench.drop();
    fs.rmSync(pgDataDir, { recursive: true, force: true });
  }
}
