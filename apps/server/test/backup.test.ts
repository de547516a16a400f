import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { AuditVerification } from '@vigil/domain';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { restorePglite } from '../src/db/backup.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createFileAuditAnchor, loadAuditKey } from '../src/modules/audit/anchor.ts';
import { freePort } from './free-port.ts';
import { createTestDatabase, usingPostgres } from './helpers.ts';
import { admitPatient, recordReadings, signIn, signUp } from './support/factories.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-backup-test-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  fs.rmSync(work, { recursive: true, force: true });
});

/** Runs one of the server's commands (backup.js, restore.js) as `npm run` would; its exit code and output. */
function command(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_LEVEL: 'silent', INIT_CWD: work, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}

/**
 * The database this suite runs on (PGlite in a data folder, or a new PostgreSQL database), empty:
 * not a copy of the run's migrated template, since a restore refuses a database that holds anything.
 */
async function emptyDatabase(name: string): Promise<{ env: Record<string, string> }> {
  if (!TEST_DATABASE_URL) return { env: { DATA_DIR: path.join(work, name) } };
  const db = `vigil_test_${name}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.end();
  cleanups.push(async () => {
    const again = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await again.connect();
    await again.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await again.end();
  });
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${db}`;
  return { env: { DATABASE_URL: url.toString() } };
}

/** What a ward holds that a restore must bring back: patients, their readings, the alerts. */
async function wardOf(base: string | Awaited<ReturnType<typeof buildApp>>, cookie: string) {
  const get = async (url: string) => {
    if (typeof base === 'string') return (await fetch(`${base}${url}`, { headers: { cookie } })).json();
    return (await base.inject({ method: 'GET', url, headers: { cookie } })).json();
  };
  const patients = (await get('/api/patients')) as { id: number; name: string; pulse: number | null }[];
  const readings: Record<number, unknown> = {};
  for (const p of patients)
    readings[p.id] = (await get(`/api/patients/${p.id}/readings?limit=1000`)) as unknown;
  const alerts = (await get('/api/alerts?state=all')) as { id: number; state: string; message: string }[];
  return {
    patients: patients.map((p) => ({ id: p.id, name: p.name, pulse: p.pulse })),
    readings,
    alerts: alerts.map((a) => ({ id: a.id, state: a.state, message: a.message })),
  };
}

/** Starts the real server on the restored database, with the audit key and checkpoint log kept apart. */
async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['start.js'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST: '/none',
      ...env,
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the server on the restored database exited');
    const ready = await fetch(`${base}/api/ready`).catch(() => null);
    if (ready?.ok) return { base, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server on the restored database never became ready');
}

describe(`npm run backup and npm run restore (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('restores into a fresh database the same patients, readings and alerts, with an audit chain that verifies against its checkpoints', {
    timeout: 120_000,
  }, async () => {
    // A ward on the source database, its audit key and checkpoint log where main.ts keeps them.
    let database: Database;
    const sourceEnv: Record<string, string> = {};
    const keyDir = path.join(work, 'source');
    if (usingPostgres) {
      const ctx = await createTestDatabase();
      cleanups.push(ctx.drop);
      database = ctx.database;
      sourceEnv.DATABASE_URL = ctx.database.connectionString!;
    } else {
      // The run's migrated template, restored by the command's own code: a migrated embedded database.
      await restorePglite(keyDir, inject('serverDatabaseTemplate')!, { replace: false });
      database = await openDatabase({ dataDir: keyDir });
      sourceEnv.DATA_DIR = keyDir;
    }
    const key = loadAuditKey({ key: null, dataDir: keyDir });
    const checkpointFile = path.join(keyDir, 'audit-checkpoints.log');
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none' }),
      database,
      logger: false,
      auditAnchor: createFileAuditAnchor({ key, file: checkpointFile }),
      alertTimers: false,
    });
    await app.ready();
    const admin = await signUp(app, 'backup.admin');
    const well = await admitPatient(app, admin.cookie, { name: 'Restored Well' });
    const unwell = await admitPatient(app, admin.cookie, { name: 'Restored Unwell' });
    const now = Date.now();
    for (let i = 0; i < 5; i++) {
      await recordReadings(app, admin, {
        patientId: well.id,
        readingTime: new Date(now - (5 - i) * 60_000).toISOString(),
        heartRate: 70 + i,
      });
    }
    // NEWS2 ≥ 7: a high alert.
    await recordReadings(app, admin, {
      patientId: unwell.id,
      readingTime: new Date(now).toISOString(),
      respiratoryRate: 27,
      oxygenLevel: 90,
      heartRate: 125,
    });
    const before = await wardOf(app, admin.cookie);
    expect(before.alerts.length).toBeGreaterThan(0);
    await app.close(); // writes the last checkpoint
    await database.close();
    const keyEnv = { AUDIT_KEY: key.toString('base64'), AUDIT_CHECKPOINT_FILE: checkpointFile };

    const backup = await command('backup.js', ['--out', 'ward.backup'], { ...sourceEnv, ...keyEnv });
    expect(backup.output).toMatch(/Backed up/);
    expect(backup.code).toBe(0);
    const file = path.join(work, 'ward.backup');
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    if (!usingPostgres) {
      // PGlite's dump of its folder, without the key that sits in it.
      const tar = gunzipSync(fs.readFileSync(file));
      expect(tar.includes('PG_VERSION')).toBe(true);
      expect(tar.includes('audit.key')).toBe(false);
      expect(tar.includes('audit-checkpoints')).toBe(false);
    }

    const target = await emptyDatabase('target');
    const restored = await command('restore.js', ['ward.backup'], target.env);
    expect(restored.output).toMatch(/Restored/);
    expect(restored.code).toBe(0);
    // Not over a database that holds anything, unless told.
    const again = await command('restore.js', ['ward.backup'], target.env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/not empty|already holds a database/);
    expect(again.output).toMatch(/--force/);
    const forced = await command('restore.js', ['ward.backup', '--force'], target.env);
    expect(forced.code).toBe(0);

    // Vigil on the restored database, with the key and the checkpoint log kept apart.
    const { base } = await startServer({ ...target.env, ...keyEnv });
    const session = await signIn(base, 'backup.admin');
    expect(await wardOf(base, session.cookie)).toEqual(before);
    const verify = AuditVerification.parse(
      await (await fetch(`${base}/api/audit-events/verify`, { headers: { cookie: session.cookie } })).json(),
    );
    expect(verify).toMatchObject({ ok: true, firstBroken: null, checkpoints: { unsigned: 0 } });
    expect(verify.checkpoints.verified).toBeGreaterThanOrEqual(1);
  });
});
