import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/test/free-port.ts';

/**
 * Vigil as a hospital runs it, on this machine: several server processes on one PostgreSQL behind
 * HAProxy with the repository's own configuration (deploy/haproxy/haproxy.cfg), for the journeys
 * that restart instances under traffic. Every wait is on a condition: a port answering, an
 * instance ready, HAProxy seeing it up.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HAPROXY_CONFIG = path.join(REPO_ROOT, 'deploy/haproxy/haproxy.cfg');

/** How long an instance waits, not ready, for HAProxy to stop sending it requests (checks every 200 ms, fall 2). */
export const DRAIN_SECONDS = 1.5;

/** Polls `check` every `everyMs` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 60_000,
  everyMs = 100,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A server process (apps/server/start.js) on a port of its own. */
export interface VigilProcess {
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  /** The fields of its "Vigil is ready" log line (LOG_LEVEL info or lower). */
  readyLine(): Record<string, unknown> | undefined;
  /** SIGTERM (a restart's first half): resolves with its exit code once it has drained and exited. */
  stop(): Promise<number | null>;
}

export function startVigil(port: number, env: Record<string, string>): VigilProcess {
  const child = spawn(process.execPath, ['apps/server/start.js'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    readyLine() {
      const line = output.split('\n').find((l) => l.includes('Vigil is ready'));
      return line ? (JSON.parse(line) as Record<string, unknown>) : undefined;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Waits until the instance says it should get traffic (GET /api/ready answers 200). */
export async function readyOf(instance: VigilProcess, timeoutMs = 90_000) {
  await until(
    `the instance on ${instance.port} to be ready`,
    async () => {
      if (instance.child.exitCode !== null) throw new Error(`exited:\n${instance.output()}`);
      return (await fetch(`${instance.url}/api/ready`)).ok ? true : undefined;
    },
    timeoutMs,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${instance.output().slice(-4000)}`);
  });
}

/** HAProxy (Debian's) with the repository's configuration, in the foreground. */
export interface Balancer {
  url: string;
  /** Each server's state as HAProxy sees it (UP, DOWN, …), by name (vigil1, vigil2). */
  states(): Promise<Record<string, string>>;
  output(): string;
  stop(): Promise<void>;
}

export async function startHaproxy(instances: { port: number }[]): Promise<Balancer> {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error('HAProxy is not installed: apt-get install -y haproxy (.ci/run installs it)');
  }
  const [port, statsPort] = [await freePort(), await freePort()];
  const env: Record<string, string> = {
    VIGIL_BIND: `127.0.0.1:${port}`,
    VIGIL_STATS_BIND: `127.0.0.1:${statsPort}`,
    // Each instance asked every 200 ms: one is taken out 400–600 ms after it says it is not ready.
    VIGIL_CHECK_INTERVAL: '200ms',
  };
  instances.forEach((instance, i) => {
    env[`VIGIL_INSTANCE_${i + 1}`] = `127.0.0.1:${instance.port}`;
  });
  execFileSync('haproxy', ['-c', '-q', '-f', HAPROXY_CONFIG], { env: { ...process.env, ...env } });
  const child = spawn('haproxy', ['-db', '-f', HAPROXY_CONFIG], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const balancer: Balancer = {
    url: `http://127.0.0.1:${port}`,
    async states() {
      const csv = await (await fetch(`http://127.0.0.1:${statsPort}/;csv`)).text();
      const [header, ...rows] = csv.trim().split('\n');
      const columns = header!.replace(/^# /, '').split(',');
      const [px, sv, status] = ['pxname', 'svname', 'status'].map((c) => columns.indexOf(c));
      const states: Record<string, string> = {};
      for (const row of rows.map((r) => r.split(','))) {
        if (row[px!] === 'vigil' && row[sv!]!.startsWith('vigil')) states[row[sv!]!] = row[status!]!;
      }
      return states;
    },
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  await until('HAProxy to answer', async () => {
    if (child.exitCode !== null) throw new Error(`HAProxy exited:\n${output}`);
    return (await balancer.states()) ? true : undefined;
  }).catch((error: Error) => {
    throw new Error(`${error.message}\n${output.slice(-2000)}`);
  });
  return balancer;
}

/** Waits until HAProxy sees the server `name` in `state` (UP: it sends it traffic). */
export function serverIs(balancer: Balancer, name: string, state: 'UP' | 'DOWN', timeoutMs = 30_000) {
  return until(
    `HAProxy to see ${name} ${state}`,
    async () => ((await balancer.states())[name] === state ? true : undefined),
    timeoutMs,
    50,
  );
}

/** The migrations this build carries (drizzle-kit's journal). */
export function migrationCount(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'apps/server/drizzle/meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/** The built web app the instances serve (`npm run build`). */
export function webDist(): string {
  const dist = process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error(
      `The web app is not built in ${dist}: run \`npm run build\` before the browser journeys.`,
    );
  }
  return dist;
}
