import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { acquireDataDirLock } from './lock.ts';

/**
 * Backups of the database, and their restore (decision 032): `pg_dump`/`pg_restore` for PostgreSQL,
 * PGlite's own dump for the embedded database. A backup holds the database only. The audit key and
 * the checkpoint log are kept apart on purpose (decision 018): a copy of the database with the key
 * beside it is a copy whose audit trail anyone could rewrite and sign again.
 */

const run = promisify(execFile);

/** Files of a PGlite data folder that are not the database's: never in its backup, kept on restore. */
export const NOT_THE_DATABASE = ['audit.key', 'audit-checkpoints.log', 'vigil.lock'];

/** A refusal the command line says as it is (exit code 1), never a stack trace. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The major version in `pg_dump (PostgreSQL) 15.20 (Debian …)` or a server's `150020`. */
export function majorOf(version: string): number {
  const numeric = /^\d{5,6}$/.test(version.trim()) ? Math.floor(Number(version) / 10_000) : NaN;
  if (!Number.isNaN(numeric)) return numeric;
  const match = /(\d+)(?:\.\d+)?/.exec(version);
  if (!match) throw new BackupError(`Cannot read a PostgreSQL version from "${version.trim()}"`);
  return Number(match[1]);
}

async function toolVersion(tool: 'pg_dump' | 'pg_restore'): Promise<{ text: string; major: number }> {
  let text: string;
  try {
    text = (await run(tool, ['--version'])).stdout.trim();
  } catch {
    throw new BackupError(
      `${tool} was not found: install the PostgreSQL client of your server's version (Debian: postgresql-client-<major>)`,
    );
  }
  return { text, major: majorOf(text) };
}

/** What PostgreSQL itself runs: its major version, and whether the database holds any table. */
async function inspect(databaseUrl: string): Promise<{ major: number; version: string; tables: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to the database: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ num: string; version: string; tables: number }>(
      `select current_setting('server_version_num') as num, current_setting('server_version') as version,
              (select count(*)::int from pg_tables
                where schemaname not in ('pg_catalog', 'information_schema')) as tables`,
    );
    const row = rows[0]!;
    return { major: majorOf(row.num), version: row.version, tables: row.tables };
  } finally {
    await client.end();
  }
}

/**
 * Dumps PostgreSQL with `pg_dump` in its custom format (compressed; restored table by table). A
 * `pg_dump` older than the server cannot dump it: refused, naming the client to install.
 */
export async function backupPostgres(databaseUrl: string, file: string): Promise<{ serverVersion: string }> {
  const tool = await toolVersion('pg_dump');
  const server = await inspect(databaseUrl);
  if (tool.major < server.major) {
    throw new BackupError(
      `${tool.text} cannot dump a PostgreSQL ${server.major} server: install pg_dump ${server.major} (Debian: postgresql-client-${server.major})`,
    );
  }
  // Patient data: readable by this user only (pg_dump keeps the mode of a file that exists).
  fs.writeFileSync(file, '', { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  await run('pg_dump', ['--format=custom', '--compress=6', `--file=${file}`, `--dbname=${databaseUrl}`], {
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stderr?: string }) => {
    fs.rmSync(file, { force: true });
    throw new BackupError(`pg_dump failed: ${(error.stderr ?? '').trim()}`);
  });
  return { serverVersion: server.version };
}

/**
 * Restores a `pg_dump` backup into PostgreSQL, in one transaction (all or nothing). A database that
 * holds tables is refused unless `replace` (then what it holds is dropped first).
 */
export async function restorePostgres(
  databaseUrl: string,
  file: string,
  { replace }: { replace: boolean },
): Promise<{ tablesReplaced: number }> {
  const tool = await toolVersion('pg_restore');
  const archive = await run('pg_restore', ['--list', file]).catch(() => {
    throw new BackupError(
      `${file} is not a backup made by npm run backup on PostgreSQL (pg_dump's custom format)`,
    );
  });
  const dumpedBy = /Dumped by pg_dump version: (\S+)/.exec(archive.stdout)?.[1];
  if (dumpedBy && majorOf(dumpedBy) > tool.major) {
    throw new BackupError(
      `The backup was made by pg_dump ${dumpedBy}; ${tool.text} cannot read it: install pg_restore ${majorOf(dumpedBy)} or newer`,
    );
  }
  const target = await inspect(databaseUrl);
  if (target.tables > 0 && !replace) {
    throw new BackupError(
      `The database is not empty (${target.tables} tables): restore into a new, empty database, or add --force to replace what it holds`,
    );
  }
  // What the database holds is set aside, not dropped, until the restore has committed: pg_restore's
  // own --clean cannot drop a partitioned table's partitions' keys (vital_readings, decision 029),
  // and a restore that fails must leave the database as it was.
  const aside = target.tables > 0 ? await setAside(databaseUrl) : [];
  try {
    await run(
      'pg_restore',
      [
        '--single-transaction',
        '--exit-on-error',
        '--no-owner',
        '--no-privileges',
        `--dbname=${databaseUrl}`,
        file,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    if (aside.length > 0) await putBack(databaseUrl, aside);
    throw new BackupError(
      `pg_restore failed; nothing was restored: ${((error as { stderr?: string }).stderr ?? '').trim()}`,
    );
  }
  if (aside.length > 0) await dropAside(databaseUrl, aside);
  return { tablesReplaced: target.tables };
}

/** The schemas a Vigil database keeps its tables in (its own, and Drizzle's migrations). */
const SCHEMAS = ['public', 'drizzle'];
const ASIDE_SUFFIX = '_before_restore';

async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Renames the database's schemas out of the way (one transaction) and makes an empty `public`. */
async function setAside(databaseUrl: string): Promise<string[]> {
  return withClient(databaseUrl, async (client) => {
    await client.query('begin');
    const { rows } = await client.query<{ name: string }>(
      'select nspname as name from pg_namespace where nspname = any($1::text[])',
      [SCHEMAS],
    );
    for (const { name } of rows) {
      await client.query(`drop schema if exists "${name}${ASIDE_SUFFIX}" cascade`);
      await client.query(`alter schema "${name}" rename to "${name}${ASIDE_SUFFIX}"`);
    }
    await client.query('create schema public');
    await client.query('commit');
    return rows.map((r) => r.name);
  });
}

/** A failed restore: what it made goes, what was set aside comes back. */
async function putBack(databaseUrl: string, names: readonly string[]) {
  await withClient(databaseUrl, async (client) => {
    await client.query('begin');
    for (const name of names) {
      await client.query(`drop schema if exists "${name}" cascade`);
      await client.query(`alter schema "${name}${ASIDE_SUFFIX}" rename to "${name}"`);
    }
    await client.query('commit');
  });
}

async function dropAside(databaseUrl: string, names: readonly string[]) {
  await withClient(databaseUrl, async (client) => {
    for (const name of names) await client.query(`drop schema if exists "${name}${ASIDE_SUFFIX}" cascade`);
  });
}

/** Whether a PGlite data folder holds a database (PostgreSQL's own marker file). */
const holdsDatabase = (dataDir: string) => fs.existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * Dumps the embedded database with PGlite's own dump (a gzipped tarball of its data folder), taken
 * from a copy without the audit key, the checkpoint log and the lock. Only while no server has the
 * folder open (its lock): PGlite is one process.
 */
export async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!holdsDatabase(dataDir)) throw new BackupError(`There is no database in ${dataDir} to back up`);
  const release = acquireDataDirLock(dataDir);
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-backup-'));
  try {
    fs.cpSync(dataDir, copy, {
      recursive: true,
      filter: (source) => !NOT_THE_DATABASE.includes(path.relative(dataDir, source)),
    });
    const db = await PGlite.create(copy);
    try {
      const dump = await db.dumpDataDir('gzip');
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      fs.chmodSync(file, 0o600);
    } finally {
      await db.close();
    }
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
    release();
  }
}

/**
 * Restores a PGlite dump into a data folder that holds no database (its audit key and checkpoint
 * log, if any, stay where they are). One that holds a database is refused unless `replace`.
 */
export async function restorePglite(
  dataDir: string,
  file: string,
  { replace }: { replace: boolean },
): Promise<{ replaced: boolean }> {
  const replaced = holdsDatabase(dataDir);
  if (replaced && !replace) {
    throw new BackupError(
      `${dataDir} already holds a database: restore into a new DATA_DIR, or add --force to replace it`,
    );
  }
  const release = acquireDataDirLock(dataDir);
  try {
    if (replaced) {
      for (const entry of fs.readdirSync(dataDir)) {
        if (!NOT_THE_DATABASE.includes(entry)) fs.rmSync(path.join(dataDir, entry), { recursive: true });
      }
    }
    const db = await PGlite.create({ dataDir, loadDataDir: new Blob([fs.readFileSync(file)]) });
    await db.close();
    return { replaced };
  } finally {
    release();
  }
}
