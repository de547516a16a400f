import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';

// Issue 39, item 3: each table has one owning module, and only that module writes it. Its owner is
// where it is defined: the module whose schema file (modules/<module>/schema.ts) declares it, and no
// table is defined anywhere else. Another module that must change it in its own transaction calls
// the owner's writer (patients/patient-writer.ts, ward/bed-writer.ts, wards/member-writer.ts).
// The first start's seed of an empty database (db/seed*.ts) writes the demo ward's rows directly,
// except the patients themselves, which it admits through the writer as every caller does.
// Reads are owned too (decision 041): a table is named, as a Drizzle object or in SQL text, only by
// its module (and the module schemas, for foreign keys); another module reads it through what the
// owner's reader.ts exports.

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** The one narrowing of the rule: a patient's clinical state has one writer, a file of its module. */
const ONE_FILE_OWNERS: Record<string, string> = { patients: 'modules/patients/patient-writer.ts' };

/** Each module's schema file and the tables it exports. */
const MODULE_SCHEMAS = await Promise.all(
  fs
    .readdirSync(path.join(SRC, 'modules'), { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && fs.existsSync(path.join(SRC, 'modules', entry.name, 'schema.ts')),
    )
    .map(async (entry) => {
      const file = path.join(SRC, 'modules', entry.name, 'schema.ts');
      const exported: Record<string, unknown> = await import(pathToFileURL(file).href);
      const tables = Object.values(exported).filter((value): value is PgTable => is(value, PgTable));
      return { module: entry.name, tables };
    }),
);

/** Each table's owner, from where it is defined: a module folder, or the one file above. */
const OWNERS: Record<string, string> = Object.fromEntries(
  MODULE_SCHEMAS.flatMap(({ module, tables }) =>
    tables.map((table) => {
      const sqlName = getTableName(table);
      return [sqlName, ONE_FILE_OWNERS[sqlName] ?? `modules/${module}/`];
    }),
  ),
);

/** The seed of an empty database: it may write any table but `patients`. */
const SEED = /^db\/seed(-[a-z]+)?\.ts$/;

/** Every table of the schema: its Drizzle name and its SQL name. */
const TABLES = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([name, table]) => ({ name, sql: getTableName(table as PgTable) }));

/** Where a table may be defined: a module's schema file. */
const MODULE_SCHEMA_FILE = /^modules\/[a-z-]+\/schema\.ts$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A write to a table: Drizzle's builders on it, or SQL text that updates, inserts into or deletes
 * from it (its name as a word, so `patient_events` is not `patients`).
 */
export function writesOf(table: { name: string; sql: string }): RegExp[] {
  const sqlName = escapeRegExp(table.sql);
  return [
    new RegExp(`\\.\\s*(update|insert|delete)\\s*\\(\\s*${table.name}\\s*\\)`),
    new RegExp(`\\bupdate\\s+(only\\s+)?"?${sqlName}"?(\\s|$|")`, 'i'),
    new RegExp(`\\binsert\\s+into\\s+"?${sqlName}"?(\\s|\\(|$|")`, 'i'),
    new RegExp(`\\bdelete\\s+from\\s+(only\\s+)?"?${sqlName}"?(\\s|$|")`, 'i'),
    new RegExp(`\\btruncate\\s+(table\\s+)?[^;\\n]*\\b${sqlName}\\b`, 'i'),
    new RegExp(`(update|insert\\s+into|delete\\s+from)\\s+\\$\\{\\s*${table.name}\\s*\\}`, 'i'),
  ];
}

/** The database's own files: the schema's list, the client, the first start's seed. */
const DB_FILES = /^db\/(schema|client|seed(-[a-z]+)?)\.ts$/;

/** The names a file imports from a schema file (a module's `schema.ts` or `db/schema.ts`). */
function importedFromSchema(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[^']*\bschema(?:\.ts)?'/g))
    for (const part of match[1]!.split(','))
      names.add(
        part
          .replace(/\btype\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim(),
      );
  return names;
}

/**
 * A read of a table: its Drizzle object imported from a schema file, or SQL text that selects
 * from or joins it by name (a write reads too).
 */
export function readsOf(table: { name: string; sql: string }, text: string): boolean {
  const sqlName = escapeRegExp(table.sql);
  return (
    importedFromSchema(text).has(table.name) ||
    new RegExp(`\\b(from|join)\\s+(only\\s+)?"?${sqlName}"?(\\s|$|"|\\)|,)`, 'i').test(text) ||
    writesOf(table).some((re) => re.test(text))
  );
}

/** Writes in SQL text whose table is an interpolation (`insert into ${…}`). */
const INTERPOLATED = /(\bupdate|\binsert\s+into|\bdelete\s+from)\s+\$\{\s*([^}]*?)\s*\}/gi;

/** Whether SQL text writes to a table it does not name: one no owner could be checked for. */
const hidesTable = (text: string) =>
  [...text.matchAll(INTERPOLATED)].some((match) => !TABLES.some((t) => t.name === match[2]));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}
const FILES = sourceFiles(SRC).map((file) => ({
  file: path.relative(SRC, file).split(path.sep).join('/'),
  text: fs.readFileSync(file, 'utf8'),
}));

describe('one owner for each table', () => {
  it('finds every table of the schema in one module schema, and every module schema in the schema', () => {
    const defined = MODULE_SCHEMAS.flatMap(({ tables }) => tables);
    // A module schema that re-exports another's table would give it two owners.
    expect(new Set(defined).size).toBe(defined.length);
    expect(TABLES.map((t) => t.sql).sort()).toEqual(Object.keys(OWNERS).sort());
    expect(Object.values(schema).filter((value) => is(value, PgTable))).toEqual(
      expect.arrayContaining(defined),
    );
  });

  it('finds no table defined outside a module schema file', () => {
    const definers = FILES.filter(({ text }) => /\bpg(Table|TableCreator|Schema)\s*\(/.test(text)).map(
      (f) => f.file,
    );
    expect(definers.filter((file) => !MODULE_SCHEMA_FILE.test(file))).toEqual([]);
  });

  it('narrows the owner of the patients table to its one writer', () => {
    for (const sqlName of Object.keys(ONE_FILE_OWNERS))
      expect(OWNERS[sqlName]).toBe(ONE_FILE_OWNERS[sqlName]);
  });

  it.each(TABLES.map((t) => [t.sql, t] as const))('only its owner writes %s', (sqlName, table) => {
    const patterns = writesOf(table);
    const writers = FILES.filter(({ text }) => patterns.some((re) => re.test(text))).map((f) => f.file);
    expect(writers.length, `${sqlName} is written by no module`).toBeGreaterThan(0);
    const allowed = (file: string) =>
      file.startsWith(OWNERS[sqlName]!) || (SEED.test(file) && sqlName !== 'patients');
    expect(writers.filter((file) => !allowed(file))).toEqual([]);
  });

  it.each(TABLES.map((t) => [t.sql, t] as const))(
    'only its owner reads %s (others join what its reader.ts exports)',
    (sqlName, table) => {
      const readers = FILES.filter(({ text }) => readsOf(table, text)).map((f) => f.file);
      const allowed = (file: string) =>
        file.startsWith(OWNERS[sqlName]!.replace(/[^/]*$/, '')) ||
        MODULE_SCHEMA_FILE.test(file) ||
        DB_FILES.test(file);
      expect(readers.filter((file) => !allowed(file))).toEqual([]);
    },
  );

  it('finds no write whose table is hidden in a variable', () => {
    expect(FILES.filter(({ text }) => hidesTable(text)).map((f) => f.file)).toEqual([]);
  });

  it('recognises each form of write, and not a write to another table', () => {
    const patients = { name: 'patients', sql: 'patients' };
    const hits = (text: string) => writesOf(patients).some((re) => re.test(text));
    expect(hits('await tx.update(patients).set({})')).toBe(true);
    expect(hits('db\n  .insert(patients)\n  .values(v)')).toBe(true);
    expect(hits('tx.delete( patients )')).toBe(true);
    expect(hits('`update patients p set a = 1`')).toBe(true);
    expect(hits('`UPDATE "patients" SET a = 1`')).toBe(true);
    expect(hits("'insert into patients (name) values ($1)'")).toBe(true);
    expect(hits('`delete from patients where id = $1`')).toBe(true);
    expect(hits(`sql\`update \${patients} set a = 1\``)).toBe(true);
    expect(hits('tx.update(patientEvents).set({})')).toBe(false);
    expect(hits('`insert into patient_events (type) values ($1)`')).toBe(false);
    expect(hits('`select * from patients for no key update`')).toBe(false);
    expect(hits(".for('update')")).toBe(false);
    expect(hidesTable(['`insert into $', '{table} as m (a) values (1)`'].join(''))).toBe(true);
    expect(hidesTable(['`delete from $', '{sql.raw(name)} where true`'].join(''))).toBe(true);
    expect(hidesTable(`sql\`update \${patients} set a = 1\``)).toBe(false);
  });

  it('recognises each form of read, and not a read of another table', () => {
    const patients = { name: 'patients', sql: 'patients' };
    const reads = (text: string) => readsOf(patients, text);
    expect(reads("import { patients, users } from '../../db/schema.ts';")).toBe(true);
    expect(reads("import { type patients } from '../patients/schema.ts';")).toBe(true);
    expect(reads("import type { patients as p } from '../patients/schema';")).toBe(true);
    expect(reads('`select p.ward_id from patients p where p.id = $1`')).toBe(true);
    expect(reads('`select 1 from x join "patients" on true`')).toBe(true);
    expect(reads('`select * from (select 1 from patients)`')).toBe(true);
    expect(reads('`update patients set a = 1`')).toBe(true);
    expect(reads("import { patientEvents } from '../../db/schema.ts';")).toBe(false);
    expect(reads("import { patients } from '../patients/reader.ts';")).toBe(false);
    expect(reads('`select * from patient_events where patient_id = $1`')).toBe(false);
    expect(reads('// the patients from the list')).toBe(false);
  });
});
