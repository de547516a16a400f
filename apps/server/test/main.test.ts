import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeRuntimeProblem } from '@vigil/domain';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from './free-port.ts';
import { signUp } from './support/factories.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-main-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function start(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['start.js'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return { child, output: () => output };
}

async function waitHealthy(port: number, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res.json();
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server never became healthy');
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

describe('the server process', () => {
  // Three server starts in one test: on a loaded two-core machine they take most of the default 30 s.
  it('starts on embedded PGlite with the demo ward, refuses a second process, and stops cleanly on SIGTERM', {
    timeout: 90_000,
  }, async () => {
    const port = await freePort();
    const first = start(port, { LOG_LEVEL: 'info' });
    expect(await waitHealthy(port, first.child)).toMatchObject({
      database: { status: 'up', driver: 'pglite' },
    });
    // The process a test spawns runs on the supported Node, and says which one it is.
    const readyLine = () =>
      first
        .output()
        .split('\n')
        .find((line) => line.includes('Vigil is ready'));
    await vi.waitFor(() => expect(readyLine()).toBeDefined());
    const ready = JSON.parse(readyLine()!) as { node?: string };
    expect(ready?.node).toEqual(expect.stringMatching(/^v\d+\./));
    expect(describeRuntimeProblem(ready!.node!)).toBeNull();

    const second = start(await freePort());
    expect(await exitOf(second.child)).toBe(1);
    expect(second.output()).toContain(`The database folder ${dataDir} is in use by another Vigil process`);

    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'vigil.lock'))).toBe(false);

    // Data survives the restart and is not seeded twice.
    const again = start(port);
    await waitHealthy(port, again.child);
    const { cookie } = await signUp(`http://127.0.0.1:${port}`, 'lifecycle.nurse');
    const patients = (await (
      await fetch(`http://127.0.0.1:${port}/api/patients`, { headers: { cookie } })
    ).json()) as unknown[];
    expect(patients.length).toBe(24);
    again.child.kill('SIGINT');
    expect(await exitOf(again.child)).toBe(0);
    // The audit key was made in the data folder, for the server's user only, and a checkpoint of
    // the trail (the registration, the sign-in, the list read) was written outside the database.
    expect(fs.statSync(path.join(dataDir, 'audit.key')).mode & 0o777).toBe(0o600);
    const checkpoints = fs
      .readFileSync(path.join(dataDir, 'audit-checkpoints.log'), 'utf8')
      .trim()
      .split('\n');
    expect(JSON.parse(checkpoints.at(-1)!)).toMatchObject({
      count: expect.any(Number),
      mac: expect.any(String),
    });
    // Three server processes start on PGlite here; on a shared two-core machine one start can take
    // ten seconds or more.
  });

  it('fails fast with a clear message on bad configuration', async () => {
    const bad = start(await freePort(), { PORT: 'not-a-port', DATABASE_URL: 'mysql://x' });
    expect(await exitOf(bad.child)).toBe(1);
    expect(bad.output()).toContain('Invalid configuration');
    expect(bad.output()).toContain('DATABASE_URL: DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(bad.output()).toContain('PORT:');
  });

  it('refuses to start in production without PUBLIC_URL, naming it', async () => {
    // Without it, a request's forged Host would name the SMART token endpoint and the FHIR links.
    const bad = start(await freePort(), { NODE_ENV: 'production' });
    try {
      expect(await exitOf(bad.child)).toBe(1);
      expect(bad.output()).toContain('Invalid configuration');
      expect(bad.output()).toContain(
        "PUBLIC_URL: PUBLIC_URL is required in production (NODE_ENV=production): this server's public address, e.g. https://vigil.example.org",
      );
    } finally {
      bad.child.kill();
    }
  });
});
