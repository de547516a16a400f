import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { freePort } from './free-port.ts';
import { startPrivatePostgres } from './private-postgres.ts';
import { admitPatient, signUp } from './support/factories.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('crash safety', () => {
  it('stores every reading answered 2xx exactly once across SIGKILLs and restarts', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-crash-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child: ChildProcess | null = null;
    const start = () => {
      child = spawn(process.execPath, ['start.js'], {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          SEED_DEMO: 'false',
        },
        stdio: 'ignore',
      });
    };
    const healthy = async () => {
      for (let i = 0; i < 600; i++) {
        try {
          if ((await fetch(`${base}/api/health`)).ok) return;
        } catch {
          // starting
        }
        await sleep(100);
      }
      throw new Error('server did not come back');
    };
    try {
      start();
      await healthy();
      const { cookie } = await signUp(base, 'crash.nurse');
      const { id: patientId } = await admitPatient(base, cookie, { name: 'Crash Test', pulse: 70 });

      const TOTAL = 150;
      const acked = new Map<string, number>();
      let failedAttempts = 0;
      const t0 = Date.now() - 3_600_000;
      // The sender: each reading is retried until it is answered 2xx, as a device would.
      const sender = (async () => {
        for (let i = 0; i < TOTAL; i++) {
          const readingTime = new Date(t0 + i * 1000).toISOString();
          for (let attempt = 0; ; attempt++) {
            try {
              const res = await fetch(`${base}/api/device-readings`, {
                method: 'POST',
                headers: { cookie, 'content-type': 'application/json' },
                body: JSON.stringify({
                  patientId,
                  deviceId: 'crash-device',
                  readingTime,
                  heartRate: 60 + (i % 40),
                }),
              });
              if (res.ok) {
                const body = (await res.json()) as { readings: { id: number }[] };
                acked.set(readingTime, body.readings[0]!.id);
                break;
              }
            } catch {
              failedAttempts++; // server down: retry
            }
            if (attempt > 600) throw new Error(`reading ${i} never acknowledged`);
            await sleep(50);
          }
        }
      })();
      // The killer: three SIGKILLs at staggered moments, each followed by a restart.
      for (const delay of [300, 500, 700]) {
        await sleep(delay);
        const victim = child as ChildProcess | null;
        if (!victim) break;
        const exited = new Promise((r) => victim.once('exit', r));
        victim.kill('SIGKILL');
        await exited;
        start();
      }
      await sender;
      await healthy();

      expect(acked.size).toBe(TOTAL);
      expect(failedAttempts).toBeGreaterThan(0); // the kills did land mid-stream
      const history = await fetch(`${base}/api/patients/${patientId}/readings?limit=1000`, {
        headers: { cookie },
      });
      const readings = (
        (await history.json()) as { readings: { id: number; readingTime: string; deviceId: string | null }[] }
      ).readings
        // The readings sent (the admission's own set is the patient's first).
        .filter((r) => r.deviceId !== null);
      const times = readings.map((r) => r.readingTime);
      expect(new Set(times).size).toBe(times.length); // exactly once
      for (const [time, id] of acked) expect(readings.find((r) => r.readingTime === time)?.id, time).toBe(id);
      expect(readings).toHaveLength(TOTAL);
    } finally {
      (child as ChildProcess | null)?.kill('SIGKILL');
      await sleep(200);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('PostgreSQL restart under load', () => {
  it('answers 503 while the database is down and recovers without a server restart', async () => {
    const pg = await startPrivatePostgres();
    const database = await openDatabase({ databaseUrl: pg.url });
    await database.migrate();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none' }),
      database,
      logger: false,
    });
    try {
      await app.ready();
      const { cookie } = await signUp(app, 'restart.nurse');
      const health = () => app.inject({ method: 'GET', url: '/api/health' });
      const list = () => app.inject({ method: 'GET', url: '/api/patients', headers: { cookie } });
      expect((await list()).statusCode).toBe(200);

      pg.stop();
      // Health asks the database: by its answer this process has seen the connections end, and
      // the ward it answers from memory is not answered for current any more.
      expect((await health()).statusCode).toBe(503);
      const down = await list();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        code: 'DATABASE_UNAVAILABLE',
        error: 'The database is unavailable. Please try again shortly.',
      });
      expect(down.headers['retry-after']).toBe('5');

      pg.start();
      let recovered = false;
      for (let i = 0; i < 100 && !recovered; i++) {
        recovered = (await list()).statusCode === 200;
        if (!recovered) await sleep(100);
      }
      expect(recovered).toBe(true);
      expect((await health()).json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
    } finally {
      await app.close();
      await database.close();
      pg.destroy();
    }
  }, 60_000);
});
