import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { acquireDataDirLock } from '../src/db/lock.ts';
import {
  emergencyContacts,
  medications,
  notes,
  patients,
  treatments,
  vitalReadings,
  wardBays,
  wardBeds,
} from '../src/db/schema.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { createTestApp, type TestApp } from './helpers.ts';

describe('demo data and schema', () => {
  let ctx: TestApp;
  let now: Date;
  beforeAll(async () => {
    ctx = await createTestApp();
    now = ctx.clock.now();
  });
  afterAll(() => ctx.close());

  it('seeds a realistic ward once, and only into an empty database', async () => {
    expect(await seedDemoData(ctx.database.db, ctx.app.services.ingest, now)).toBe(true);
    expect(await seedDemoData(ctx.database.db, ctx.app.services.ingest, now)).toBe(false);
    const rows = await ctx.database.db.select().from(patients);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((p) => p.condition))).toEqual(
      new Set(['Critical', 'Improving', 'Stable', 'Recovering']),
    );
    // Some vitals are abnormal by the spec's dashboard thresholds, some are not.
    expect(rows.some((p) => p.oxygenLevel <= 92)).toBe(true);
    expect(rows.some((p) => p.heartRate > 100)).toBe(true);
    expect(rows.some((p) => p.systolicBP > 130)).toBe(true);
    expect(rows.some((p) => p.oxygenLevel > 95 && p.heartRate >= 60 && p.heartRate <= 100)).toBe(true);
    const allTreatments = await ctx.database.db.select().from(treatments);
    expect(allTreatments.some((t) => t.completed)).toBe(true);
    expect(allTreatments.some((t) => !t.completed && t.scheduledFor < now)).toBe(true);
    expect(allTreatments.some((t) => !t.completed && t.scheduledFor > now)).toBe(true);
    for (const table of [notes, medications, emergencyContacts, vitalReadings]) {
      const [row] = await ctx.database.db.select({ n: count() }).from(table);
      expect(row?.n).toBeGreaterThanOrEqual(rows.length);
    }
  });

  it('lays out the demo ward with every demo patient in a bed and some beds free', async () => {
    const patientIds = (await ctx.database.db.select({ id: patients.id }).from(patients)).map((p) => p.id);
    const beds = await ctx.database.db.select().from(wardBeds);
    expect((await ctx.database.db.select().from(wardBays)).map((b) => b.name)).toContain('Side rooms');
    expect(beds.flatMap((b) => (b.patientId === null ? [] : [b.patientId])).sort()).toEqual(
      patientIds.sort(),
    );
    expect(beds.filter((b) => b.patientId === null).length).toBeGreaterThan(0);
  });

  it('removes a patient’s records with the patient', async () => {
    const [victim] = await ctx.database.db.select().from(patients).limit(1);
    await ctx.database.db.delete(patients).where(eq(patients.id, victim!.id));
    for (const table of [treatments, notes, medications, emergencyContacts, vitalReadings]) {
      const [row] = await ctx.database.db
        .select({ n: count() })
        .from(table)
        .where(eq(table.patientId, victim!.id));
      expect(row?.n).toBe(0);
    }
  });
});

describe('the embedded database folder', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-lock-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A server process's hold on the folder: a child that takes the lock as main.ts does and keeps it. */
  async function holdFolder() {
    const lockModule = pathToFileURL(path.resolve(import.meta.dirname, '../src/db/lock.ts')).href;
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { acquireDataDirLock } from ${JSON.stringify(lockModule)};
acquireDataDirLock(${JSON.stringify(dir)}); process.stdout.write('locked\\n'); setInterval(() => {}, 60000);`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
        if (output.includes('locked')) resolve();
      });
      child.stderr.on('data', (d) => (output += d));
      child.once('exit', () => reject(new Error(`the holder exited: ${output}`)));
    });
    return child;
  }

  it('refuses a second process with a clear message', async () => {
    const holder = await holdFolder();
    try {
      // A live holder is waited for before the refusal (5 s by default; a moment here).
      expect(() => acquireDataDirLock(dir, { waitMs: 200 })).toThrow(
        `The database folder ${dir} is in use by another Vigil process (pid ${holder.pid}). Stop that process first, or set DATA_DIR to a different folder.`,
      );
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('is taken at once after the process holding it was killed, and over a lock file a power cut left', async () => {
    const holder = await holdFolder();
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    acquireDataDirLock(dir)();
    // A power cut leaves the file, naming a PID another process may have since: it locks nothing.
    fs.writeFileSync(path.join(dir, 'vigil.lock'), String(process.ppid));
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'vigil.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'vigil.lock'))).toBe(false);
  });

  it('keeps data across a clean close and reopen', async () => {
    const first = await openDatabase({ dataDir: dir });
    await first.migrate();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent-web-dist' }),
      database: first,
      logger: false,
      deviceSweep: false,
    });
    expect(await seedDemoData(first.db, app.services.ingest)).toBe(true);
    await app.close();
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    await second.migrate();
    const [row] = await second.db.select({ n: count() }).from(patients);
    expect(row?.n).toBeGreaterThan(0);
    await second.close();
  });
});
