import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';

// Issue 39, item 3: each table has one owning module, and only that module writes it. Another module
// that must change it in its own transaction calls the owner's writer (patients/patient-writer.ts,
// ward/bed-writer.ts, wards/member-writer.ts). A new table fails here until it is given an owner.
// The first start's seed of an empty database (db/seed*.ts) writes the demo ward's rows directly,
// except the patients themselves, which it admits through the writer as every caller does.

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** Each table's owner: a module folder, or one file of it (a patient's clinical state). */
const OWNERS: Record<string, string> = {
  alert_settings: 'modules/alerts/',
  alerts: 'modules/alerts/',
  audit_events: 'modules/audit/',
  sign_in_refusals: 'modules/audit/',
  users: 'modules/auth/',
  sessions: 'modules/auth/',
  login_throttle: 'modules/auth/',
  login_known_addresses: 'modules/auth/',
  bridge_pairings: 'modules/bridge/',
  treatments: 'modules/care/',
  notes: 'modules/care/',
  medications: 'modules/care/',
  emergency_contacts: 'modules/care/',
  device_tokens: 'modules/devices/',
  device_links: 'modules/devices/',
  live_events: 'modules/events/',
  event_streams: 'modules/events/',
  fhir_export_jobs: 'modules/fhir/',
  fhir_export_files: 'modules/fhir/',
  handovers: 'modules/handover/',
  patients: 'modules/patients/patient-writer.ts',
  patient_events: 'modules/patients/',
  spo2_scale_changes: 'modules/patients/',
  vital_readings: 'modules/readings/',
  vital_minutes: 'modules/readings/',
  vital_five_minutes: 'modules/readings/',
  reading_rollup: 'modules/readings/',
  idempotent_requests: 'modules/readings/',
  smart_clients: 'modules/smart/',
  smart_access_tokens: 'modules/smart/',
  smart_assertion_jtis: 'modules/smart/',
  ward_settings: 'modules/ward/',
  ward_bays: 'modules/ward/',
  ward_beds: 'modules/ward/',
  bed_moves: 'modules/ward/',
  shift_assignments: 'modules/ward/',
  shift_leads: 'modules/ward/',
  wards: 'modules/wards/',
  ward_members: 'modules/wards/',
  wearable_connections: 'modules/wearables/',
  wearable_authorizations: 'modules/wearables/',
  wearable_webhook_receipts: 'modules/wearables/',
};

/** The seed of an empty database: it may write any table but `patients`. */
const SEED = /^db\/seed(-[a-z]+)?\.ts$/;

/** Every table of the schema: its Drizzle name and its SQL name. */
const TABLES = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([name, table]) => ({ name, sql: getTableName(table as PgTable) }));

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
  it('names an owner for every table of the schema, and none that is not one', () => {
    expect(TABLES.map((t) => t.sql).sort()).toEqual(Object.keys(OWNERS).sort());
  });

  it.each(TABLES.map((t) => [t.sql, t] as const))('only its owner writes %s', (sqlName, table) => {
    const patterns = writesOf(table);
    const writers = FILES.filter(({ text }) => patterns.some((re) => re.test(text))).map((f) => f.file);
    expect(writers.length, `${sqlName} is written by no module`).toBeGreaterThan(0);
    const allowed = (file: string) =>
      file.startsWith(OWNERS[sqlName]!) || (SEED.test(file) && sqlName !== 'patients');
    expect(writers.filter((file) => !allowed(file))).toEqual([]);
  });

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
});
