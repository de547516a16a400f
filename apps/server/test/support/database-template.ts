import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball (PGlite `dumpDataDir`) of an embedded database with every migration applied. */
    serverDatabaseTemplate: string | undefined;
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

/**
 * Global set-up of the server's tests on PGlite: one migrated database per run, dumped once, from
 * which every test's in-memory database starts (`createTestDatabase`). Starting PGlite from a dump
 * costs about a third of the CPU of an empty one (its initdb), and most server test files start
 * at least one. On PostgreSQL (TEST_DATABASE_URL) each test still creates and migrates a database
 * of its own.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('serverDatabaseTemplate', undefined);
    return;
  }
  const { dir, remove } = await migratedDataDir('vigil-server-template-');
  const tarball = `${dir}.tar`;
  try {
    const pglite = await PGlite.create(dir);
    try {
      const dump = await pglite.dumpDataDir('none');
      fs.writeFileSync(tarball, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
    }
  } finally {
    remove();
  }
  project.provide('serverDatabaseTemplate', tarball);
  return () => fs.rmSync(tarball, { force: true });
}
