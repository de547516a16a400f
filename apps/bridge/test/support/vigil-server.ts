import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BridgePairing, type DeviceTokenCreated, ReadingsPage, type VitalReading } from '@vigil/domain';
import pg from 'pg';
import { freePort } from '../../../server/test/free-port.ts';
import { REPO_ROOT } from './bridge-process.ts';

/** Set by .ci/run for the PostgreSQL pass; PGlite in a temp folder otherwise. */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface Vigil {
  url: string;
  /** Stops the server (SIGTERM, clean shutdown); its data stays for start(). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vigil_bridge_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/**
 * The real Vigil server process (apps/server/src/main.ts), as e2e/support/harness.ts starts it, on
 * a free port with a demo ward: PGlite in a temp folder, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set. It can be stopped and started again on the same port and data.
 */
export async function startVigil(): Promise<Vigil> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bridge-server-'));
  const database = TEST_DATABASE_URL ? await freshDatabase() : null;
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  async function start() {
    const proc = spawn(process.execPath, ['apps/server/start.js'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web-build'),
        LOG_LEVEL: 'warn',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let output = '';
    proc.stdout?.on('data', (d) => (output += d));
    proc.stderr?.on('data', (d) => (output += d));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`Vigil exited early:\n${output}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        proc.kill('SIGKILL');
        throw new Error(`Vigil not healthy within 60 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function stop() {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  }

  await start();
  return {
    url,
    stop,
    start,
    async destroy() {
      await stop();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** A signed-in nurse of this Vigil: registers through the API and keeps the session cookie. */
export async function signUp(vigil: { url: string }) {
  const username = `bridgenurse${Date.now().toString(36)}${(counter++).toString(36)}`;
  const res = await fetch(`${vigil.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'correct horse battery' }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
  const api = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`${vigil.url}${p}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!answer.ok) throw new Error(`${method} ${p}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  return {
    cookie,
    api,
    /** A one-time pairing token, as the manager page gets one before it opens the bridge socket. */
    pairing: async () => BridgePairing.parse(await api('POST', '/api/bridge/pairings')).pairingToken,
    /** A device token for the patient, as the Vigil page gets one before "Sync Data to Cloud". */
    deviceToken: (patientId: number) =>
      api<DeviceTokenCreated>('POST', '/api/device-tokens', {
        patientId,
        label: 'Bridge',
        expiresInDays: 30,
      }),
    async readings(patientId: number): Promise<VitalReading[]> {
      const all: VitalReading[] = [];
      let before: string | null = null;
      do {
        const page = ReadingsPage.parse(
          await api(
            'GET',
            `/api/patients/${patientId}/readings?limit=1000${before ? `&before=${before}` : ''}`,
          ),
        );
        all.push(...page.readings);
        before = page.nextBefore;
      } while (before);
      return all;
    },
  };
}
