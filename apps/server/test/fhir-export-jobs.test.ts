import { sql } from 'drizzle-orm';
import type { Observation, Resource } from 'fhir/r4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExportRepository } from '../src/modules/fhir/export-repository.ts';
import { createExportService } from '../src/modules/fhir/export-service.ts';
import { createFhirRepository } from '../src/modules/fhir/repository.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, type Session, signUp, signUpAs } from './support/factories.ts';
import { fhirProblems } from './support/fhir-validation.ts';

/**
 * Bulk Data exports as background jobs (decision 031): queued by the kick-off, claimed once,
 * written from a cursor into files cut at a bounded size, resumed after a stop, limited per
 * requester (429) and in all (503). The app's own worker is off: the tests drain the queue.
 */
const FILE_BYTES = 65_536;
const READINGS = 600;
/** The admission's own set is a reading too: its five vital signs and its NEWS2 total. */
const ADMISSION_OBSERVATIONS = 6;
const EXPORTED = READINGS * 2 + ADMISSION_OBSERVATIONS;
let t: TestApp;
let admin: Session;
let patientId: number;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      BULK_EXPORTS_PER_REQUESTER: '2',
      BULK_EXPORTS_ACTIVE: '3',
      BULK_EXPORT_FILE_BYTES: String(FILE_BYTES),
    },
    exportWorker: false,
  });
  admin = await signUp(t.app);
  patientId = (await admitPatient(t.app, admin.cookie, { name: 'Export Patient' })).id;
  // Readings written in SQL, not posted: a device's heart rate and SpO2 every second.
  await t.database.db.execute(sql`
    insert into vital_readings (patient_id, device_id, device_name, connection_type, reading_time,
      heart_rate, oxygen_level, provenance, created_at)
    select ${patientId}, 'monitor-1', 'Monitor', 'Bridge', timestamptz '2026-03-02T06:00:00Z' + interval '1 second' * g,
      60 + g % 40, 90 + g % 10, 'device', timestamptz '2026-03-02T07:00:00Z'
    from generate_series(1, ${READINGS}) g`);
});
afterAll(() => t.close());

async function kickOff(session: Session, query = '?_type=Observation') {
  return t.app.inject({
    method: 'GET',
    url: `/fhir/R4/$export${query}`,
    headers: { cookie: session.cookie, prefer: 'respond-async' },
  });
}
/** Another instance's export worker on the same database (its own id, its own claims). */
function instance(jobs = createExportRepository(t.database.db)) {
  return createExportService({
    repo: createFhirRepository(t.database.db),
    jobs,
    fhir: t.app.services.fhir,
    audit: t.app.services.audit,
    clock: t.clock,
    limits: { perRequester: 2, active: 3, fileBytes: FILE_BYTES },
  });
}

const statusOf = (res: { headers: Record<string, unknown> }) =>
  new URL(String(res.headers['content-location'])).pathname;
const poll = (session: Session, status: string) =>
  t.app.inject({ method: 'GET', url: status, headers: { cookie: session.cookie } });

async function linesOf(session: Session, manifest: { output: { url: string }[] }) {
  const lines: Resource[] = [];
  const sizes: number[] = [];
  for (const file of manifest.output) {
    const res = await t.app.inject({
      method: 'GET',
      url: new URL(file.url).pathname,
      headers: { cookie: session.cookie },
    });
    expect(res.statusCode).toBe(200);
    sizes.push(Buffer.byteLength(res.body));
    lines.push(
      ...res.body
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Resource),
    );
  }
  return { lines, sizes };
}

describe('a Bulk Data export job', () => {
  it('answers 202 with X-Progress while queued, then writes files cut at the bounded size', async () => {
    const started = await kickOff(admin);
    expect(started.statusCode).toBe(202);
    const status = statusOf(started);
    const waiting = await poll(admin, status);
    expect(waiting.statusCode).toBe(202);
    expect(waiting.headers['x-progress']).toBe('queued');
    expect(waiting.headers['retry-after']).toBeDefined();

    await t.app.services.exports.drain();
    const done = await poll(admin, status);
    expect(done.statusCode).toBe(200);
    const manifest = done.json() as { output: { type: string; url: string; count: number }[] };
    expect(manifest.output.length).toBeGreaterThan(1);
    const { lines, sizes } = await linesOf(admin, manifest);
    expect(lines).toHaveLength(EXPORTED);
    expect(new Set(lines.map((l) => l.id)).size).toBe(EXPORTED);
    // Each file stops at the bound, give or take the page it was writing.
    for (const size of sizes) expect(size).toBeLessThan(FILE_BYTES + 200 * 1000);
    for (const resource of lines.slice(0, 20)) expect(fhirProblems(resource)).toEqual([]);
  });

  it('resumes after its last file when the instance writing it stopped, exporting each resource once', async () => {
    const started = await kickOff(admin);
    const status = statusOf(started);
    const jobs = createExportRepository(t.database.db);
    // The first instance stops as soon as it has written one file (a restart, a deploy).
    let first: ReturnType<typeof createExportService> | undefined;
    const stoppingJobs: typeof jobs = {
      ...jobs,
      async writeFile(...args) {
        const written = await jobs.writeFile(...args);
        void first!.stop();
        return written;
      },
    };
    first = instance(stoppingJobs);
    await first.drain();
    const midway = await poll(admin, status);
    expect(midway.statusCode).toBe(202);
    expect(String(midway.headers['x-progress'])).toMatch(/^\d+ resources written/);
    expect(
      await t.count(
        sql`select count(*)::int as n from fhir_export_files where job_id = ${status.split('/').at(-1)}`,
      ),
    ).toBe(1);

    // Another instance (or this one, started again) takes it up after its last file.
    const second = instance();
    await second.drain();
    const done = await poll(admin, status);
    expect(done.statusCode).toBe(200);
    const { lines } = await linesOf(admin, done.json());
    expect(lines).toHaveLength(EXPORTED);
    expect(new Set(lines.map((l) => l.id)).size).toBe(EXPORTED);
  });

  it('is claimed by one instance only when two drain at once', async () => {
    const started = await kickOff(admin);
    const status = statusOf(started);
    const [one, two] = [instance(), instance()];
    await Promise.all([one.drain(), two.drain()]);
    const done = await poll(admin, status);
    const { lines } = await linesOf(admin, done.json());
    expect(lines).toHaveLength(EXPORTED);
  });

  it('limits exports per requester (429) and in all (503), with Retry-After', async () => {
    const other = await signUpAs(t.app, admin.cookie, 'administrator');
    const first = await kickOff(admin);
    const second = await kickOff(admin);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    const third = await kickOff(admin);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'throttled' }] });
    // Three waiting in all: another requester is told the server is busy.
    expect((await kickOff(other)).statusCode).toBe(202);
    const busy = await kickOff(other);
    expect(busy.statusCode).toBe(503);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    await t.app.services.exports.drain();
    expect((await kickOff(admin)).statusCode).toBe(202);
    await t.app.services.exports.drain();
  });

  it('exports observations stored since a time only', async () => {
    const started = await kickOff(
      admin,
      `?_type=Observation&_since=${encodeURIComponent('2026-03-02T07:00:01Z')}`,
    );
    await t.app.services.exports.drain();
    const done = await poll(admin, statusOf(started));
    // Only the admission's set was stored after that (at the admission, on the database's clock).
    const { lines: later } = await linesOf(admin, done.json());
    expect(later).toHaveLength(ADMISSION_OBSERVATIONS);
    const all = await kickOff(
      admin,
      `?_type=Observation&_since=${encodeURIComponent('2026-03-02T07:00:00Z')}`,
    );
    await t.app.services.exports.drain();
    const { lines } = await linesOf(admin, (await poll(admin, statusOf(all))).json());
    expect((lines as Observation[]).every((o) => o.subject?.reference === `Patient/${patientId}`)).toBe(true);
    expect(lines).toHaveLength(EXPORTED);
  });
});
