import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { BackupError, restorePglite, restorePostgres } from '../db/backup.ts';
import { fromCallerFolder, keptApart } from './paths.ts';

/**
 * `npm run restore -- FILE [--force]`: a backup made by `npm run backup` into the database Vigil is
 * configured for (DATABASE_URL, or DATA_DIR). A database that holds anything is refused unless
 * `--force`; PostgreSQL restores in one transaction.
 */
async function main() {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    throw new BackupError('Name the backup to restore: npm run restore -- <file> [--force]');
  }
  const file = fromCallerFolder(positionals[0]!);
  if (!fs.existsSync(file)) throw new BackupError(`There is no backup at ${file}`);
  const config = loadConfig();
  if (config.databaseUrl) {
    const { tablesReplaced } = await restorePostgres(config.databaseUrl, file, { replace: values.force });
    console.log(
      `Restored ${file} into PostgreSQL${tablesReplaced > 0 ? ` (replacing ${tablesReplaced} tables)` : ''}.`,
    );
  } else {
    const { replaced } = await restorePglite(config.dataDir, file, { replace: values.force });
    console.log(`Restored ${file} into ${config.dataDir}${replaced ? ' (replacing its database)' : ''}.`);
  }
  console.log(keptApart(config));
  console.log(
    'Start Vigil with them, then verify the audit trail (Audit → Verify chain, or GET /api/audit-events/verify).',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError || error instanceof Error ? error.message : error);
  process.exit(1);
});
