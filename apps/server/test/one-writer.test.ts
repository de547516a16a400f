import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 39, item 3: one module writes a patient's clinical state (the `patients` table). Every other
// server module changes it through that module's functions (decision in patient-writer.ts).

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const OWNER = 'modules/patients/patient-writer.ts';

/**
 * A write to the `patients` table: Drizzle's builders on it, or SQL text that updates, inserts into
 * or deletes from it (`patients` as a word, so `patient_events` and the like are not it).
 */
const WRITES = [
  /\.\s*(update|insert|delete)\s*\(\s*patients\s*\)/,
  /\bupdate\s+(only\s+)?"?patients"?(\s|$|")/i,
  /\binsert\s+into\s+"?patients"?(\s|\(|$|")/i,
  /\bdelete\s+from\s+(only\s+)?"?patients"?(\s|$|")/i,
  /\btruncate\s+(table\s+)?[^;]*\bpatients\b/i,
  /(update|insert\s+into|delete\s+from)\s+\$\{\s*patients\s*\}/i,
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The files of apps/server/src (tests aside) that write `patients`, relative to src. */
function patientWriters(root = SRC): string[] {
  return sourceFiles(root)
    .filter((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return WRITES.some((re) => re.test(text));
    })
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .sort();
}

describe('one writer of a patient’s clinical state', () => {
  it('only the clinical-state writer writes the patients table', () => {
    expect(patientWriters()).toEqual([OWNER]);
  });

  it('recognises each form of write, and not a write to another table', () => {
    const hits = (text: string) => WRITES.some((re) => re.test(text));
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
  });
});
