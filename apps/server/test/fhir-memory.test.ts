import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import type { Bundle } from 'fhir/r4';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { createTestApp, usingPostgres } from './helpers.ts';
import { admitPatient, signUp, signUpAs } from './support/factories.ts';

// A full collection on demand, so that a baseline is what is live, not garbage not yet collected.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * Memory stays flat however large a record is (issues 37.4, 38.3): `$everything` of a patient with
 * 25,000 readings (50,000 Observations and 25,000 Provenance, generated in SQL) is paged, and ten
 * exports queued at once (5,000 Observations each) run one at a time from a cursor. The bound: the
 * live JavaScript heap grows by less than HEAP_BOUND_MB over what it held before. Before paging,
 * $everything gathered every Observation before answering: 51 MB more at its last query here, then
 * about 60 MB of JSON. After: about 5 MB on PostgreSQL; on PGlite about 25 MB, growing with the
 * Provenance part (PGlite's own: the same pages on PostgreSQL stay flat). Resident memory is printed.
 */
const READINGS = 25_000;
const EXPORTED_READINGS = 2_500;
/** The admission's own set is a reading too: 5 vital signs and its NEWS2 total, and its Provenance. */
const ADMISSION_OBSERVATIONS = 6;
const ADMISSION_PROVENANCE = 1;
const HEAP_BOUND_MB = 40;

/** An app (its export worker off: the test drains) with a patient whose device sent `readings`, one a second. */
async function appWithRecord(readings: number) {
  const t = await createTestApp({ exportWorker: false });
  const admin = await signUp(t.app);
  const patientId = (await admitPatient(t.app, admin.cookie, { name: 'Monitored All Day' })).id;
  await t.database.db.execute(sql`
    insert into vital_readings (patient_id, device_id, device_name, connection_type, reading_time,
      heart_rate, oxygen_level, provenance, created_at)
    select ${patientId}, 'monitor-1', 'Monitor', 'Bridge', timestamptz '2026-03-01T08:00:00Z' + interval '1 second' * g,
      60 + g % 40, 90 + g % 10, 'device', timestamptz '2026-03-02T07:00:00Z'
    from generate_series(1, ${readings}) g`);
  return { t, admin, patientId };
}

/**
 * The live heap while `work` runs, read after a full collection at every 10th database query: what
 * the work holds between its queries (an answer being built whole, the resources of an export) is
 * counted, garbage is not. Timers cannot do this on PGlite: its queries resolve as microtasks, so a
 * chain of them never lets an interval run.
 */
async function peakDuring(database: Database, work: () => Promise<void>) {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  collect();
  const before = process.memoryUsage();
  let heapPeak = before.heapUsed;
  let rssPeak = before.rss;
  let queries = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    if (++queries % 40 === 0) {
      collect();
      const now = process.memoryUsage();
      heapPeak = Math.max(heapPeak, now.heapUsed);
      rssPeak = Math.max(rssPeak, now.rss);
    }
    return query.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = query;
  }
  const mb = (n: number) => Math.round(n / 1024 / 1024);
  return {
    heapGrowthMb: mb(heapPeak - before.heapUsed),
    text: `${queries} queries; live heap ${mb(before.heapUsed)} → peak ${mb(heapPeak)} MB, RSS ${mb(before.rss)} → peak ${mb(rssPeak)} MB`,
  };
}

describe(`FHIR at volume (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('pages $everything of a large record with the heap flat', async () => {
    const { t, admin, patientId } = await appWithRecord(READINGS);
    let entries = 0;
    let pages = 0;
    // Once before measuring, so that compiling the code it runs is not counted as what it holds.
    await t.app.inject({
      method: 'GET',
      url: `/fhir/R4/Patient/${patientId}/$everything?_count=10`,
      headers: { cookie: admin.cookie },
    });
    const memory = await peakDuring(t.database, async () => {
      let url: string | undefined = `/fhir/R4/Patient/${patientId}/$everything?_count=1000`;
      while (url) {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
        expect(res.statusCode).toBe(200);
        const bundle = res.json() as Bundle;
        entries += bundle.entry?.length ?? 0;
        pages++;
        const next = bundle.link?.find((l) => l.relation === 'next')?.url;
        url = next ? `${new URL(next).pathname}${new URL(next).search}` : undefined;
      }
    });
    console.log(`$everything: ${entries} entries in ${pages} pages; ${memory.text}`);
    expect(entries).toBe(1 + READINGS * 2 + READINGS + ADMISSION_OBSERVATIONS + ADMISSION_PROVENANCE);
    expect(memory.heapGrowthMb).toBeLessThan(HEAP_BOUND_MB);
    await t.close();
  }, 600_000);

  it('runs ten exports queued at once, one at a time, with the heap flat', async () => {
    const { t, admin } = await appWithRecord(EXPORTED_READINGS);
    const requesters = [
      admin,
      ...(await Promise.all(Array.from({ length: 4 }, () => signUpAs(t.app, admin.cookie, 'administrator')))),
    ];
    const statuses: string[] = [];
    for (const who of requesters) {
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/fhir/R4/$export?_type=Observation',
          headers: { cookie: who.cookie, prefer: 'respond-async' },
        });
        expect(res.statusCode).toBe(202);
        statuses.push(new URL(String(res.headers['content-location'])).pathname);
      }
    }
    const memory = await peakDuring(t.database, () => t.app.services.exports.drain());
    console.log(`ten exports of ${EXPORTED_READINGS * 2} Observations: ${memory.text}`);
    expect(memory.heapGrowthMb).toBeLessThan(HEAP_BOUND_MB);
    const done = await t.app.inject({
      method: 'GET',
      url: statuses.at(-1)!,
      headers: { cookie: requesters.at(-1)!.cookie },
    });
    expect(done.statusCode).toBe(200);
    const manifest = done.json() as { output: { count: number }[] };
    expect(manifest.output.reduce((n, f) => n + f.count, 0)).toBe(
      EXPORTED_READINGS * 2 + ADMISSION_OBSERVATIONS,
    );
    await t.close();
  }, 900_000);
});
