import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { patientEvents, patients, spo2ScaleChanges, vitalReadings } from '../src/db/schema.ts';

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

describe('upgrading a database whose admissions and vitals edits were stored on the patient only', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-migration-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives each value its sources record and no reading holds a reading, with who recorded it', async () => {
    const data = path.join(dir, 'data');
    const old = await PGlite.create(data);
    await migrate(drizzle({ client: old }), {
      migrationsFolder: migrationsBefore('0017_device_rate_record', path.join(dir, 'old')),
    });
    const admittedAt = '2026-11-26T08:00:00.000Z';
    const editedAt = '2026-11-26T09:30:00.000Z';
    const deviceAt = '2026-11-26T09:45:00.000Z';
    const user = await old.query<{ id: number }>(
      `insert into users (username, username_key, password, role) values ('nurse.upgrade', 'nurse.upgrade', 'x', 'nurse') returning id`,
    );
    const nurse = user.rows[0]!.id;
    const sources = {
      // The admission's set, and a vitals edit of two of them, then a device's pulse with its reading.
      respiratoryRate: { provenance: 'observation', at: editedAt, source: null },
      oxygenLevel: { provenance: 'observation', at: editedAt, source: null },
      systolicBP: { provenance: 'observation', at: admittedAt, source: null },
      diastolicBP: { provenance: 'observation', at: admittedAt, source: null },
      temperature: { provenance: 'observation', at: admittedAt, source: null },
      heartRate: { provenance: 'device', at: deviceAt, source: 'Polar H10' },
    };
    const patient = await old.query<{ id: number }>(
      `insert into patients (name, oxygen_level, pulse, systolic_bp, diastolic_bp, temperature, condition,
         respiratory_rate, sources, created_at, last_updated)
       values ('Upgraded', 93, 88, 118, 76, 990, 'Stable', 22, $1, $2, $3) returning id`,
      [JSON.stringify(sources), admittedAt, deviceAt],
    );
    const id = patient.rows[0]!.id;
    await old.query(
      `insert into patient_events (patient_id, type, data, created_at, created_by)
       values ($1, 'admitted', '{}', $2, $4), ($1, 'vitals-updated', '{}', $3, $4)`,
      [id, admittedAt, '2026-11-26T09:30:00.004Z', nurse],
    );
    await old.query(
      `insert into vital_readings (patient_id, device_id, device_name, reading_time, heart_rate, provenance)
       values ($1, 'polar-1', 'Polar H10', $2, 88, 'device')`,
      [id, deviceAt],
    );
    await old.close();

    const upgraded = await openDatabase({ dataDir: data });
    try {
      await upgraded.migrate();
      const rows = await upgraded.db
        .select()
        .from(vitalReadings)
        .where(eq(vitalReadings.patientId, id))
        .orderBy(vitalReadings.readingTime);
      expect(rows.map((r) => [r.readingTime.toISOString(), r.provenance, r.kept, r.recordedBy])).toEqual([
        [admittedAt, 'observation', true, nurse],
        [editedAt, 'observation', true, nurse],
        [deviceAt, 'device', false, null],
      ]);
      expect(rows[0]).toMatchObject({
        systolicBP: 118,
        diastolicBP: 76,
        temperature: 990,
        heartRate: null,
        oxygenLevel: null,
      });
      expect(rows[1]).toMatchObject({ respiratoryRate: 22, oxygenLevel: 93, systolicBP: null });
      // Migrating again adds nothing.
      await upgraded.migrate();
      expect(
        (await upgraded.db.select().from(vitalReadings).where(eq(vitalReadings.patientId, id))).length,
      ).toBe(3);
    } finally {
      await upgraded.close();
    }
  });
});

describe('upgrading a database whose readings were summarised per minute only', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-migration-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sums its per-minute summaries into five-minute ones, each period its count, extremes and last value', async () => {
    const data = path.join(dir, 'data');
    const old = await PGlite.create(data);
    await migrate(drizzle({ client: old }), {
      migrationsFolder: migrationsBefore('0020_five_minute_summaries', path.join(dir, 'old')),
    });
    const [{ id }] = (
      await old.query<{ id: number }>(
        `insert into patients (name, oxygen_level, pulse, systolic_bp, diastolic_bp, temperature, condition, ward_id)
         values ('Monitored', 97, 72, 120, 80, 986, 'Stable', 1) returning id`,
      )
    ).rows as [{ id: number }];
    // 10:00–10:04 is one period of five minutes, 10:05 the next; the newest value of the first is 10:04's.
    for (const [minute, count, min, max, last] of [
      ['10:00', 60, 70, 80, 75],
      ['10:03', 60, 61, 90, 88],
      ['10:04', 30, 72, 74, 73],
      ['10:05', 60, 65, 66, 66],
    ] as const) {
      await old.query(
        `insert into vital_minutes (patient_id, minute, vital, provenance, count, min, max, sum, last, last_at)
         values ($1, $2::timestamptz, 'heartRate', 'device', $3::int, $4, $5, $3::int * $6::real, $6::real, $2::timestamptz + interval '59 seconds')`,
        [id, `2026-11-26T${minute}:00Z`, count, min, max, last],
      );
    }
    await old.close();

    const upgraded = await openDatabase({ dataDir: data });
    try {
      await upgraded.migrate();
      const rows = await upgraded.run<Record<string, unknown>>(
        {
          name: '',
          text: `select to_char(period at time zone 'UTC', 'HH24:MI') as period, count, min, max, last
                 from vital_five_minutes where patient_id = $1 order by period`,
        },
        [id],
      );
      expect(rows).toEqual([
        { period: '10:00', count: 150, min: 61, max: 90, last: 73 },
        { period: '10:05', count: 60, min: 65, max: 66, last: 66 },
      ]);
    } finally {
      await upgraded.close();
    }
  });
});

describe('upgrading a database whose SpO2 scale changes were patient events (issue 39)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-migration-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('moves each scale change into spo2_scale_changes, at its time and by its author, and keeps the other events', async () => {
    const data = path.join(dir, 'data');
    const old = await PGlite.create(data);
    await migrate(drizzle({ client: old }), {
      migrationsFolder: migrationsBefore('0021_spo2_scale_changes', path.join(dir, 'old')),
    });
    const nurse = (
      await old.query<{ id: number }>(
        `insert into users (username, username_key, password, role) values ('nurse.scale', 'nurse.scale', 'x', 'nurse') returning id`,
      )
    ).rows[0]!.id;
    const ids = (
      await old.query<{ id: number }>(
        `insert into patients (name, oxygen_level, pulse, systolic_bp, diastolic_bp, temperature, condition, ward_id, spo2_scale)
         values ('Scaled', 90, 72, 120, 80, 986, 'Stable', 1, 1), ('Other', 97, 72, 120, 80, 986, 'Stable', 1, 2)
         returning id`,
      )
    ).rows.map((r) => r.id);
    const [scaled, other] = ids as [number, number];
    // Scale 2 then back to 1 (the second with no author: its account was deleted), beside another
    // event at the same time, and another patient's change.
    await old.query(
      `insert into patient_events (patient_id, type, data, created_at, created_by) values
         ($1, 'admitted', '{"condition":"Stable"}', '2026-11-26T08:00:00Z', $3),
         ($1, 'spo2-scale-changed', '{"from":1,"to":2}', '2026-11-26T09:00:00Z', $3),
         ($1, 'condition-changed', '{"from":"Stable","to":"Improving"}', '2026-11-26T09:00:00Z', $3),
         ($1, 'spo2-scale-changed', '{"from":2,"to":1}', '2026-11-26T10:30:00Z', null),
         ($2, 'spo2-scale-changed', '{"from":1,"to":2}', '2026-11-26T11:00:00Z', $3)`,
      [scaled, other, nurse],
    );
    await old.close();

    const upgraded = await openDatabase({ dataDir: data });
    try {
      await upgraded.migrate();
      const changes = await upgraded.db
        .select()
        .from(spo2ScaleChanges)
        .orderBy(asc(spo2ScaleChanges.changedAt));
      expect(
        changes.map((c) => [c.patientId, c.changedAt.toISOString(), c.fromScale, c.toScale, c.changedBy]),
      ).toEqual([
        [scaled, '2026-11-26T09:00:00.000Z', 1, 2, nurse],
        [scaled, '2026-11-26T10:30:00.000Z', 2, 1, null],
        [other, '2026-11-26T11:00:00.000Z', 1, 2, nurse],
      ]);
      // The table is the one record of them now; the patients' other events stay.
      const events = await upgraded.db
        .select({ type: patientEvents.type })
        .from(patientEvents)
        .where(eq(patientEvents.patientId, scaled))
        .orderBy(asc(patientEvents.createdAt));
      expect(events.map((e) => e.type)).toEqual(['admitted', 'condition-changed']);
      // A scale is 1 or 2.
      await expect(
        upgraded.db
          .insert(spo2ScaleChanges)
          .values({ patientId: scaled, changedAt: new Date(), fromScale: 1, toScale: 3 as 2 }),
      ).rejects.toThrow();
    } finally {
      await upgraded.close();
    }
  });
});
