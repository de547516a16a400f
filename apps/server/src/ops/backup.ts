import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { BackupError, backupPglite, backupPostgres } from '../db/backup.ts';
import { fromCallerFolder, keptApart } from './paths.ts';

/**
 * `npm run backup [-- --out FILE]`: the database Vigil is configured for (DATABASE_URL, or the
 * embedded one in DATA_DIR) to one file. Never the audit key or the checkpoint log (decision 018):
 * it says where those are, to be kept apart.
 */
async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const isPostgres = Boolean(config.databaseUrl);
  const file = fromCallerFolder(values.out ?? `vigil-${stamp}.${isPostgres ? 'pgdump' : 'pglite.tar.gz'}`);
  if (config.databaseUrl) {
    const { serverVersion } = await backupPostgres(config.databaseUrl, file);
    console.log(`Backed up PostgreSQL ${serverVersion} to ${file} (pg_dump, custom format).`);
  } else {
    await backupPglite(config.dataDir, file);
    console.log(`Backed up the embedded database in ${config.dataDir} to ${file} (PGlite's dump).`);
  }
  console.log(keptApart(config, path.basename(file)));
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError || error instanceof Error ? error.message : error);
  process.exit(1);
});
