import pg from 'pg';
import { fmt, keepAliveClient, report } from './lib.ts';
import { createBenchDatabase } from './pg-database.ts';
import { startServerProcess } from './server-process.ts';

/**
 * Issue 5: ingest throughput on PostgreSQL, single readings and batches of 100, each against a
 * baseline of the same rows inserted by a plain `pg` client in the same run. The server runs as its
 * own process (apps/server/src/main.ts), as in production; the senders run here.
 */
export async function benchIngest() {
  console.log('\n# Ingest (PostgreSQL)');
  const bench = await createBenchDatabase();
  const server = await startServerProcess({ DATABASE_URL: bench.url });
  const base = server.baseUrl;
  const plain = new pg.Pool({ connectionString: bench.url, max: 8 });
  try {
    const reg = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench.ingest', password: 'bench password' }),
    });
    const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0]!;
    const patients: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${base}/api/patients`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Bench ${i}`,
          condition: 'Stable',
          oxygenLevel: 97,
          pulse: 70,
          systolicBP: 120,
          diastolicBP: 80,
          temperature: 986,
        }),
      });
      patients.push(((await res.json()) as { id: number }).id);
    }
    let seq = 0;
    const start = Date.now() - 30 * 24 * 3_600_000;
    const reading = (patientId: number, device: string) => ({
      patientId,
      deviceId: device,
      readingTime: new Date(start + seq++ * 1000).toISOString(),
      heartRate: 60 + (seq % 50),
      oxygenLevel: 95 + (seq % 5),
      batteryLevel: 80,
    });
    const client = keepAliveClient(base, { cookie });
    const post = async (body: unknown) => {
      const res = await client.post('/api/device-readings', body);
      if (res.status !== 201) throw new Error(`ingest ${res.status}: ${res.body}`);
    };
    const plainInsert = async (rows: ReturnType<typeof reading>[]) => {
      const values: unknown[] = [];
      const tuples = rows.map((r, i) => {
        values.push(r.patientId, r.deviceId, r.readingTime, r.heartRate, r.oxygenLevel, r.batteryLevel);
        const o = i * 6;
        return `($${o + 1},$${o + 2},$${o + 3},$${o + 4},$${o + 5},$${o + 6})`;
      });
      await plain.query(
        `insert into vital_readings (patient_id, device_id, reading_time, heart_rate, oxygen_level, battery_level) values ${tuples.join(',')}`,
        values,
      );
    };

    /** Readings per second with `workers` concurrent senders, each sending `batch` readings at a time. */
    const run = async (
      batch: number,
      seconds: number,
      send: (rows: ReturnType<typeof reading>[]) => Promise<void>,
    ) => {
      const end = performance.now() + seconds * 1000;
      let count = 0;
      const t0 = performance.now();
      await Promise.all(
        patients.map(async (patientId, w) => {
          while (performance.now() < end) {
            const rows = Array.from({ length: batch }, () => reading(patientId, `bench-${w}`));
            await send(rows);
            count += batch;
          }
        }),
      );
      return count / ((performance.now() - t0) / 1000);
    };

    // Warm-up both paths.
    await run(10, 0.5, (rows) => post(rows));
    await run(10, 0.5, plainInsert);

    const singleBaseline = await run(1, 3, plainInsert);
    const single = await run(1, 3, (rows) => post(rows[0]));
    report('plain pg INSERT, 1 row per statement (baseline)', `${fmt(singleBaseline)} readings/s`);
    report('POST /api/device-readings, 1 reading per request', `${fmt(single)} readings/s`, {
      value: single / singleBaseline,
      goal: 'informative',
      ok: true,
    });
    const batchBaseline = await run(100, 3, plainInsert);
    const batched = await run(100, 3, (rows) => post(rows));
    report('plain pg INSERT, 100 rows per statement (baseline)', `${fmt(batchBaseline)} readings/s`);
    const ratio = batched / batchBaseline;
    report('POST /api/device-readings, batches of 100', `${fmt(batched)} readings/s`, {
      value: ratio,
      goal: '≥ 0.5',
      ok: ratio >= 0.5,
    });
    client.close();
  } finally {
    await plain.end();
    await server.stop();
    await bench.drop();
  }
}
