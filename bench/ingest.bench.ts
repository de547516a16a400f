import pg from 'pg';
import { benchPatient, fmt, keepAliveClient, report } from './lib.ts';
import { createBenchDatabase } from './pg-database.ts';
import { startServerProcess } from './server-process.ts';

/** Alternating rounds of baseline and server, so drift in the machine's speed hits both alike. */
const ROUNDS = 10;
const ROUND_SECONDS = 0.5;
/** Alternating rounds before those measured. */
const WARM_UP_ROUNDS = 3;
const SENDERS = 8;

/**
 * Ingest throughput on PostgreSQL, single readings and batches of 100, each against a
 * baseline of the same rows inserted by a plain `pg` client in the same run. The server runs as its
 * own process (apps/server/src/main.ts), as in production; the senders run here.
 *
 * Each sender is a device with its own token (one patient each), as the bridge and devices send:
 * that is the path the goal is set for. A signed-in nurse sending batches is printed besides: every
 * reading then names its recorder, and the foreign key on that column is checked row by row.
 *
 * Each comparison has a baseline client of its own, whose connections only ever insert that
 * comparison's batch size, and both sides warm up on it before the rounds. A PostgreSQL backend's
 * cost per insert depends on what it ran before: one whose first inserts were of 10 rows then spent
 * 1.7–4.0 ms of CPU on each insert of 100 rows, against 1.0–1.5 ms for one that only ever inserted
 * 100 (plain `pg`, no server; decision 007). A baseline that shared one client with an earlier,
 * smaller warm-up ran at 37–48,000 readings/s where a client of its own ran at 67–80,000 in the
 * same process, and the ratio flattered the server.
 */
export async function benchIngest() {
  console.log('\n# Ingest (PostgreSQL)');
  const bench = await createBenchDatabase();
  const server = await startServerProcess({ DATABASE_URL: bench.url });
  const base = server.baseUrl;
  const clients: { close(): Promise<void> }[] = [];
  try {
    const reg = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench.ingest', password: 'bench password' }),
    });
    const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0]!;
    const json = async (path: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`${path} ${res.status}: ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const senders: { patientId: number; token: string }[] = [];
    for (let i = 0; i < SENDERS; i++) {
      const patient = await json('/api/patients', benchPatient(`Bench ${i}`));
      const token = await json('/api/device-tokens', { patientId: patient.id, label: `bench ${i}` });
      senders.push({ patientId: patient.id as number, token: token.token as string });
    }

    // A second apart, from a year ago: a fast machine sends about three million readings in the three
    // comparisons, which from 30 days ago reached the future (refused: more than 5 minutes ahead).
    let seq = 0;
    const start = Date.now() - 365 * 24 * 3_600_000;
    const reading = (patientId: number, device: string) => ({
      patientId,
      deviceId: device,
      readingTime: new Date(start + seq++ * 1000).toISOString(),
      heartRate: 60 + (seq % 50),
      oxygenLevel: 95 + (seq % 5),
      batteryLevel: 80,
    });
    type Reading = ReturnType<typeof reading>;
    type Send = (sender: number, rows: Reading[]) => Promise<void>;

    const poster = (headers: (sender: number) => Record<string, string>): Send => {
      const client = keepAliveClient(base);
      clients.push(client);
      return async (sender, rows) => {
        const res = await client.post(
          '/api/device-readings',
          rows.length === 1 ? rows[0] : rows,
          headers(sender),
        );
        if (res.status !== 201) throw new Error(`ingest ${res.status}: ${res.body}`);
      };
    };
    const asDevice = poster((sender) => ({ authorization: `Bearer ${senders[sender]!.token}` }));
    const asNurse = poster(() => ({ cookie }));
    /** A plain `pg` client of its own (see above), inserting the rows as one statement. */
    const plainInserter = (): Send => {
      const plain = new pg.Pool({ connectionString: bench.url, max: SENDERS });
      clients.push({ close: () => plain.end() });
      return async (_sender, rows) => {
        const values: unknown[] = [];
        const tuples = rows.map((r, i) => {
          values.push(r.patientId, r.deviceId, r.readingTime, r.heartRate, r.oxygenLevel, r.batteryLevel);
          const o = i * 6;
          // A device token's readings are stored as a device's (decision 014).
          return `($${o + 1},$${o + 2},$${o + 3},$${o + 4},$${o + 5},$${o + 6},'device')`;
        });
        await plain.query(
          `insert into vital_readings (patient_id, device_id, reading_time, heart_rate, oxygen_level, battery_level, provenance) values ${tuples.join(',')}`,
          values,
        );
      };
    };

    /** Readings sent in `seconds` by every sender at once, each `batch` readings at a time. */
    const round = async (batch: number, seconds: number, send: Send) => {
      const end = performance.now() + seconds * 1000;
      let count = 0;
      const t0 = performance.now();
      await Promise.all(
        senders.map(async ({ patientId }, w) => {
          while (performance.now() < end) {
            await send(
              w,
              Array.from({ length: batch }, () => reading(patientId, `bench-${w}`)),
            );
            count += batch;
          }
        }),
      );
      return { count, seconds: (performance.now() - t0) / 1000 };
    };
    /**
     * Readings per second of a new baseline client and of `send`, over alternating rounds, after
     * both warmed up on `batch` (prepared statements, JIT, each backend's memory).
     */
    const compare = async (batch: number, send: Send) => {
      const plainInsert = plainInserter();
      for (let i = 0; i < WARM_UP_ROUNDS; i++) {
        await round(batch, ROUND_SECONDS, plainInsert);
        await round(batch, ROUND_SECONDS, send);
      }
      const totals = { baseline: { count: 0, seconds: 0 }, server: { count: 0, seconds: 0 } };
      for (let i = 0; i < ROUNDS; i++) {
        for (const [key, fn] of [
          ['baseline', plainInsert],
          ['server', send],
        ] as const) {
          const r = await round(batch, ROUND_SECONDS, fn);
          totals[key].count += r.count;
          totals[key].seconds += r.seconds;
        }
      }
      const baseline = totals.baseline.count / totals.baseline.seconds;
      const server = totals.server.count / totals.server.seconds;
      return { baseline, server, ratio: server / baseline };
    };

    const single = await compare(1, asDevice);
    report('plain pg INSERT, 1 row per statement (baseline)', `${fmt(single.baseline)} readings/s`);
    report('POST /api/device-readings, 1 reading per request', `${fmt(single.server)} readings/s`, {
      value: single.ratio,
      goal: 'informative',
      ok: true,
    });
    const batched = await compare(100, asDevice);
    report('plain pg INSERT, 100 rows per statement (baseline)', `${fmt(batched.baseline)} readings/s`);
    report('POST /api/device-readings, batches of 100', `${fmt(batched.server)} readings/s`, {
      value: batched.ratio,
      goal: '≥ 0.7',
      ok: batched.ratio >= 0.7,
    });
    const nurse = await compare(100, asNurse);
    report('  the same, sent by a signed-in nurse (baseline)', `${fmt(nurse.baseline)} readings/s`);
    report('  the same, sent by a signed-in nurse', `${fmt(nurse.server)} readings/s`, {
      value: nurse.ratio,
      goal: 'informative',
      ok: true,
    });
  } finally {
    for (const client of clients) await client.close();
    await server.stop();
    await bench.drop();
  }
}
