import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball (PGlite `dumpDataDir`) of an embedded database with every migration applied. */
    serverDatabaseTemplate: string | undefined;
    /** On PostgreSQL: the name of a database with every migration applied, for CREATE DATABASE … TEMPLATE. */
    serverPostgresTemplate: string | undefined;
  }
}

/**
 * An embedded database in a new folder with every migration applied, as `npm start` leaves one
 * before seeding. `remove` deletes the folder.
 */
export async function migratedDataDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const database = await openDatabase({ dataDir: dir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

let shared: { folder: Promise<{ dir: string; remove: () => void }>; holders: number } | undefined;

/**
 * One migrated embedded database for every global set-up of a run that wants one (the server's
 * tests dump it, the journeys copy it): made once, not read after its last holder lets go. Set-ups
 * run in the one Vitest process, one after another; making it twice cost about 3 s of each run's start.
 * `release` deletes the folder when no holder is left.
 */
export async function sharedMigratedDataDir(): Promise<{ dir: string; release: () => void }> {
  shared ??= { folder: migratedDataDir('vigil-template-'), holders: 0 };
  const current = shared;
  current.holders++;
  let released = false;
  const { dir, remove } = await current.folder;
  return {
    dir,
    release() {
      if (released) return;
      released = true;
      if (--current.holders > 0) return;
      if (shared === current) shared = undefined;
      remove();
    },
  };
}

/** Runs one statement on the server's maintenance database (TEST_DATABASE_URL) on a connection of its own. */
async function adminQuery(databaseUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * On PostgreSQL: one database with every migration applied, which every test database copies
 * (CREATE DATABASE … TEMPLATE, in `createTestDatabase`) instead of applying them all again. Its
 * connection is closed before it is returned: PostgreSQL copies no database that anyone is connected to.
 */
async function migratedPostgresTemplate(databaseUrl: string) {
  const name = `vigil_template_${randomBytes(6).toString('hex')}`;
  const drop = () => adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(databaseUrl, `CREATE DATABASE ${name}`);
  try {
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  }
  return { name, drop };
}

/**
 * Global set-up of the server's tests: one migrated database per run, from which every test
 * database starts (`createTestDatabase`). On PGlite it is dumped once and each in-memory database
 * loads the dump: that costs about a third of the CPU of an empty one (its initdb), and most server
 * test files start at least one. On PostgreSQL (TEST_DATABASE_URL) it is a database of its own that
 * each test database copies as its template, rather than applying every migration again; the
 * teardown drops it.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (databaseUrl) {
    const template = await migratedPostgresTemplate(databaseUrl);
    project.provide('serverDatabaseTemplate', undefined);
    project.provide('serverPostgresTemplate', template.name);
    return template.drop;
  }
  project.provide('serverPostgresTemplate', undefined);
  const { dir, release } = await sharedMigratedDataDir();
  const tarball = `${dir}.tar`;
  try {
    const pglite = await PGlite.create(dir);
    try {
      const dump = await pglite.dumpDataDir('none');
      fs.writeFileSync(tarball, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
    }
  } catch (error) {
    release();
    throw error;
  }
  project.provide('serverDatabaseTemplate', tarball);
  // The folder is kept until the run ends: the journeys' set-up may share it (sharedMigratedDataDir).
  return () => {
    fs.rmSync(tarball, { force: true });
    release();
  };
}
