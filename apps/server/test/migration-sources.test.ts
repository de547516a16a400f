import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { patients } from '../src/db/schema.ts';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');
const BEFORE = '0016_vital_sources_by_key';

/** The migrations folder as it was before `tag`: its files, and a journal that ends before it. */
function migrationsBefore(tag: string, into: string): string {
  const journalPath = path.join(MIGRATIONS, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, cut);
  fs.mkdirSync(path.join(into, 'meta'), { recursive: true });
  fs.writeFileSync(path.join(into, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(into, `${e.tag}.sql`));
  return into;
}

describe('upgrading a database whose vital sources were keyed by the API names', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-migration-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('moves the heart rate source from `pulse` to `heartRate` and keeps every other source', async () => {
    const data = path.join(dir, 'data');
    const old = await PGlite.create(data);
    await migrate(drizzle({ client: old }), {
      migrationsFolder: migrationsBefore(BEFORE, path.join(dir, 'old')),
    });
    const pulseSource = { provenance: 'device', at: '2026-11-26T10:00:00.000Z', source: 'Polar H10' };
    const oxygenSource = { provenance: 'observation', at: '2026-11-26T09:00:00.000Z', source: null };
    const inserted = await old.query<{ id: number }>(
      `insert into patients (name, oxygen_level, pulse, systolic_bp, diastolic_bp, temperature, condition, sources)
       values ('A', 97, 72, 120, 80, 986, 'Stable', $1), ('B', 97, 72, 120, 80, 986, 'Stable', '{}')
       returning id`,
      [JSON.stringify({ pulse: pulseSource, oxygenLevel: oxygenSource })],
    );
    await old.close();

    const upgraded = await openDatabase({ dataDir: data });
    try {
      await upgraded.migrate();
      const [a, b] = inserted.rows.map((r) => r.id);
      const [rowA] = await upgraded.db.select().from(patients).where(eq(patients.id, a!));
      const [rowB] = await upgraded.db.select().from(patients).where(eq(patients.id, b!));
      expect(rowA!.sources).toEqual({ heartRate: pulseSource, oxygenLevel: oxygenSource });
      expect(rowA!.heartRate).toBe(72);
      expect(rowB!.sources).toEqual({});
    } finally {
      await upgraded.close();
    }
  });
});
