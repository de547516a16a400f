import { Pool } from 'undici';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createRetentionRepository } from '../apps/server/src/modules/readings/retention-repository.ts';
import { fmt, report } from './lib.ts';
import { createBenchDatabase } from './pg-database.ts';

/**
 * The record at device rate (decision 029), on PostgreSQL: `TIMESERIES_PATIENTS` patients (30)
 * × `TIMESERIES_DAYS` days (7) of one reading a second (heart rate and SpO2), written with
 * generate_series; then the storage per patient-day, the per-minute summaries' time, the p50/p99
 * and size of the 24-hour and 7-day trends against the record of one patient (a request of the same
 * route family answered from memory), and the time of a retention run dropping the oldest days.
 */
export async function benchTimeseries() {
  const patients = Number(process.env.TIMESERIES_PATIENTS ?? 30);
  const days = Number(process.env.TIMESERIES_DAYS ?? 7);
  console.log(`\n# The record at a reading a second (PostgreSQL: ${patients} patients × ${days} days)`);
  const target = await createBenchDatabase();
  const database = await openDatabase({ databaseUrl: target.url });
  await database.migrate();
  const DAY = 86_400_000;
  const now = Date.now();
  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await database.run<T>({ name: '', text }, params)) as T[];
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none', LOG_LEVEL: 'silent' }),
    database,
    logger: false,
    narrator: null,
    readingStorage: false,
    alertTimers: false,
    deviceSweep: false,
    wearablePoller: false,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const pool = new Pool(address, { connections: 4 });
  try {
    const reg = await fetch(`${address}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `bench${Date.now()}`, password: 'bench password' }),
    });
    const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0]!;
    const ids: number[] = [];
    for (let i = 0; i < patients; i++) {
      const res = await fetch(`${address}/api/patients`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Monitored ${i + 1}`,
          condition: 'Stable',
          oxygenLevel: 97,
          pulse: 72,
          systolicBP: 120,
          diastolicBP: 80,
          temperature: 986,
        }),
      });
      ids.push(((await res.json()) as { id: number }).id);
    }
    // The day partitions of the whole span, made ahead as the server makes them.
    const firstDay = Math.floor((now - days * DAY) / DAY) * DAY;
    await createRetentionRepository(database).ensureDays(firstDay, firstDay + (days + 3) * DAY);

    const written = performance.now();
    for (const id of ids) {
      for (let d = days; d > 0; d--) {
        const end = new Date(now - (d - 1) * DAY - 5_000).toISOString();
        await sql(
          `insert into vital_readings (patient_id, device_id, device_name, connection_type, reading_time,
             heart_rate, oxygen_level, provenance, kept)
           select $1, 'monitor', 'Bedside monitor', 'Bluetooth', $2::timestamptz - (86400 - s) * interval '1 second',
             60 + (s::bigint * 7919) % 40, 93 + (s::bigint * 104729) % 6, 'device', false
           from generate_series(1, 86400) s`,
          [id, end],
        );
      }
    }
    const writeSeconds = (performance.now() - written) / 1000;
    const readings = patients * days * 86_400;
    report('Readings written with generate_series', `${fmt(readings)} in ${fmt(writeSeconds, 1)} s`);
    await sql('analyze vital_readings');
    const rawBytes = Number(
      (
        await sql<{ n: string }>(
          `select sum(pg_total_relation_size(relid))::bigint as n from pg_partition_tree('vital_readings') where isleaf`,
        )
      )[0]!.n,
    );
    report(
      'Raw storage per patient-day (1 Hz, with indexes)',
      `${fmt(rawBytes / patients / days / 1e6, 1)} MB`,
    );

    const summarising = performance.now();
    await app.services.readingStorage.rollup(); // notes what arrived
    await app.services.readingStorage.rollup(); // summarises it
    const summariseSeconds = (performance.now() - summarising) / 1000;
    report(
      'Per-minute summaries of every reading',
      `${fmt(summariseSeconds, 1)} s (${fmt(readings / summariseSeconds)} readings/s)`,
    );
    await sql('analyze vital_minutes');
    await sql('analyze vital_five_minutes');
    const summaryBytes = Number(
      (
        await sql<{ n: string }>(
          `select (pg_total_relation_size('vital_minutes') + pg_total_relation_size('vital_five_minutes'))::bigint as n`,
        )
      )[0]!.n,
    );
    report(
      'Summarised storage per patient-day (per minute and per five minutes)',
      `${fmt(summaryBytes / patients / days / 1e3, 1)} KB`,
    );

    const timed = async (path: (id: number) => string, rounds: number) => {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < rounds; i++) {
        const id = ids[i % ids.length]!;
        const start = performance.now();
        const res = await pool.request({ method: 'GET', path: path(id), headers: { cookie } });
        const body = await res.body.arrayBuffer();
        times.push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`${path(id)}: ${res.statusCode}`);
        bytes = Math.max(bytes, body.byteLength);
      }
      times.sort((a, b) => a - b);
      return {
        p50: times[Math.floor(times.length * 0.5)]!,
        p99: times[Math.floor(times.length * 0.99)]!,
        bytes,
      };
    };
    const week = () => `from=${encodeURIComponent(new Date(Date.now() - days * DAY + 60_000).toISOString())}`;
    // Warm both, then alternate rounds so drift in the machine's speed hits each alike.
    await timed((id) => `/api/patients/${id}`, 20);
    await timed((id) => `/api/patients/${id}/trend`, 20);
    const record = await timed((id) => `/api/patients/${id}`, 200);
    const day = await timed((id) => `/api/patients/${id}/trend`, 200);
    const weekly = await timed((id) => `/api/patients/${id}/trend?${week()}`, 200);
    report(
      'GET /api/patients/:id (baseline, from memory)',
      `p50 ${fmt(record.p50, 1)} ms, p99 ${fmt(record.p99, 1)} ms`,
    );
    for (const [name, t] of [
      ['GET …/trend, 24 hours', day],
      ['GET …/trend, 7 days', weekly],
    ] as const) {
      report(name, `p50 ${fmt(t.p50, 1)} ms, p99 ${fmt(t.p99, 1)} ms, ${fmt(t.bytes / 1000, 1)} KB`, {
        value: t.p99,
        goal: 'p99 < 100 ms, < 100 KB',
        ok: t.p99 < 100 && t.bytes < 100_000,
      });
    }

    // Retention: the oldest days past a retention of (days - 3) days, dropped whole.
    const cutoff = new Date(now - (days - 3) * DAY);
    const retaining = performance.now();
    const result = await createRetentionRepository(database).removeBefore(
      cutoff,
      await createRetentionRepository(database).summarisedThrough(),
    );
    const retentionSeconds = (performance.now() - retaining) / 1000;
    report(
      'Retention run',
      `${fmt(retentionSeconds, 2)} s: ${fmt(result.removedReadings)} readings in ${result.droppedPartitions.length} day partitions dropped`,
    );
    const after = await timed((id) => `/api/patients/${id}/trend?${week()}`, 50);
    report('GET …/trend, 7 days, the oldest days from summaries only', `p99 ${fmt(after.p99, 1)} ms`);
  } finally {
    await pool.close();
    await app.close();
    await database.close();
    if (process.env.TIMESERIES_KEEP) console.log(`kept ${target.url}`);
    else await target.drop();
  }
}
