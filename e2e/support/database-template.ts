import type { TestProject } from 'vitest/node';
import { sharedMigratedDataDir } from '../../apps/server/test/support/database-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded database with every migration applied, for startApp to copy (see below). */
    e2eDatabaseTemplate: string;
  }
}

/**
 * Global set-up of the browser journeys: one embedded database, created and migrated once per run.
 * Each journey file's server starts on a copy of it instead of an empty folder, which spares it
 * PGlite's initdb and the migrations (most of a server's start-up on a 2-core machine). The server
 * still opens, migrates (nothing left to do), backfills and seeds as `npm start` does;
 * apps/server/test/main.test.ts starts one on an empty folder.
 */
export default async function setup(project: TestProject) {
  const { dir, release } = await sharedMigratedDataDir();
  project.provide('e2eDatabaseTemplate', dir);
  return release;
}
