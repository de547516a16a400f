import http from 'node:http';
import { benchPatient, fmt, keepAliveClient, report } from './lib.ts';
import { createBenchDatabase } from './pg-database.ts';
import { startServerProcess } from './server-process.ts';

/** Alerts raised and acknowledged (BENCH_ALERTS overrides, e.g. for a quick look). */
const EVENTS = Number(process.env.BENCH_ALERTS ?? 1000);
/** Patients in rotation: each holds one open clinical alert at a time. */
const PATIENTS = 20;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A nurse's observations: NEWS2 14 (emergency, a high alert at once) or NEWS2 0 (the alert resolves). */
const septic = {
  respiratoryRate: 26,
  oxygenLevel: 89,
  onSupplementalOxygen: true,
  systolicBP: 94,
  diastolicBP: 58,
  heartRate: 124,
  consciousness: 'A',
  temperature: 1024,
};
const calm = {
  respiratoryRate: 16,
  oxygenLevel: 98,
  onSupplementalOxygen: false,
  systolicBP: 120,
  diastolicBP: 80,
  heartRate: 72,
  consciousness: 'A',
  temperature: 986,
};

interface AlertSeen {
  id: number;
  patientId: number;
  state: string;
  at: number;
}

/**
 * Alerts: the time from a nurse's reading (POST /api/device-readings making NEWS2 ≥ 7) to its
 * `alert-changed` (active) on another person's event stream, and from "Acknowledge" (POST
 * /api/alerts/{id}/acknowledge) to the acknowledged alert on that stream (what clears the bar on
 * every other screen); p50 and p99 over EVENTS alerts, on PostgreSQL; goal < 1 s each. Between
 * cycles a calm reading resolves the acknowledged alert so the patient can raise a new one.
 */
export async function benchAlerts() {
  console.log(`\n# Alerts (PostgreSQL, ${EVENTS} raised and acknowledged, seen on another client)`);
  const bench = await createBenchDatabase();
  const server = await startServerProcess({ DATABASE_URL: bench.url });
  const base = server.baseUrl;
  let stream: http.ClientRequest | undefined;
  try {
    const signUp = async (username: string) => {
      const res = await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'bench password' }),
      });
      if (!res.ok) throw new Error(`register ${res.status}`);
      return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    };
    const nurse = await signUp('bench.alerts.nurse');
    const watcher = await signUp('bench.alerts.watcher');
    const client = keepAliveClient(base, { cookie: nurse, origin: base });
    const patientIds: number[] = [];
    for (let i = 0; i < PATIENTS; i++) {
      const res = await client.post('/api/patients', benchPatient(`Alert bench ${i}`));
      patientIds.push((JSON.parse(res.body) as { id: number }).id);
    }

    // The other screen: another person's stream, noting when each alert arrives in each state.
    const seen: AlertSeen[] = [];
    const waiters = new Set<() => void>();
    await new Promise<void>((resolve, reject) => {
      stream = http.get(`${base}/api/events`, { headers: { cookie: watcher }, agent: false }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (!data?.includes('"alert-changed"')) continue;
            const event = JSON.parse(data.slice(6)) as {
              data: { id: number; patientId: number; state: string };
            };
            seen.push({ ...event.data, at });
          }
          for (const wake of waiters) wake();
        });
        res.on('error', () => {});
        resolve();
      });
      stream.on('error', () => {});
    });
    const waitFor = async (match: (a: AlertSeen) => boolean): Promise<AlertSeen | undefined> => {
      const deadline = performance.now() + 10_000;
      for (;;) {
        const found = seen.find(match);
        if (found || performance.now() > deadline) return found;
        await new Promise<void>((wake) => {
          const done = () => {
            waiters.delete(done);
            wake();
          };
          waiters.add(done);
          setTimeout(done, 50);
        });
      }
    };

    let lastTime = Date.now() - 1000;
    const reading = (patientId: number, values: typeof septic) => {
      // Each reading newer than the last, never in the future.
      lastTime = Math.max(lastTime + 1, Date.now() - 500);
      return client.post('/api/device-readings', {
        patientId,
        deviceName: 'Ward observations',
        connectionType: 'manual',
        readingTime: new Date(lastTime).toISOString(),
        ...values,
      });
    };

    const raised: number[] = [];
    const cleared: number[] = [];
    let missed = 0;
    for (let i = 0; i < EVENTS; i++) {
      const patientId = patientIds[i % PATIENTS]!;
      const from = seen.length;
      const sentAt = performance.now();
      const posted = await reading(patientId, septic);
      if (posted.status !== 201) throw new Error(`reading ${posted.status}: ${posted.body}`);
      const active = await waitFor(
        (a) => seen.indexOf(a) >= from && a.patientId === patientId && a.state === 'active',
      );
      if (!active) {
        missed++;
        continue;
      }
      raised.push(active.at - sentAt);

      const ackFrom = seen.length;
      const ackAt = performance.now();
      const ack = await client.post(`/api/alerts/${active.id}/acknowledge`, { note: null });
      if (ack.status !== 200) throw new Error(`acknowledge ${ack.status}: ${ack.body}`);
      const acknowledged = await waitFor(
        (a) => seen.indexOf(a) >= ackFrom && a.id === active.id && a.state !== 'active',
      );
      if (acknowledged) cleared.push(acknowledged.at - ackAt);
      else missed++;

      // NEWS2 0 again: the acknowledged alert resolves, so the next rise is a new alert.
      const resolvedFrom = seen.length;
      await reading(patientId, calm);
      await waitFor((a) => seen.indexOf(a) >= resolvedFrom && a.id === active.id && a.state === 'resolved');
      if (seen.length > 10_000) seen.splice(0, seen.length - 100);
    }
    await client.close();

    raised.sort((a, b) => a - b);
    cleared.sort((a, b) => a - b);
    report('alerts raised and seen on another client', `${fmt(raised.length)} of ${fmt(EVENTS)}`);
    report('acknowledgements seen on another client', `${fmt(cleared.length)} of ${fmt(EVENTS)}`);
    if (missed > 0) report('missed (not seen within 10 s)', fmt(missed));
    for (const [name, list] of [
      ['reading POST → alert on another client', raised],
      ['acknowledge → cleared on another client', cleared],
    ] as const) {
      if (list.length === 0) continue;
      report(`${name}, p50`, `${fmt(percentile(list, 50), 1)} ms`);
      const p99 = percentile(list, 99);
      report(`${name}, p99`, `${fmt(p99, 1)} ms  (goal < 1 s: ${p99 < 1000 ? 'met' : 'NOT met'})`);
    }
  } finally {
    stream?.destroy();
    await server.stop();
    await bench.drop();
  }
}
